#include "mosaic/link/link_config.hpp"

#include <algorithm>
#include <string>

#include "mosaic/core/error.hpp"
#include "mosaic/link/decision_stats.hpp"

namespace mosaic::link {

int hamming_check_bits(int data_lanes) {
  int r = 2;
  while ((1 << r) - r - 1 < data_lanes) ++r;
  return r;
}

std::uint64_t LinkConfig::mapout_threshold(std::uint64_t bits) const {
  const double alpha = (1.0 - mapout_confidence) / physical_channels;
  return exceed_threshold(bits, mapout_ber, alpha);
}

std::uint64_t LinkConfig::swap_threshold() const {
  return exceed_threshold(std::uint64_t(swap_window_periods) * payload_bits(), swap_ber,
                          1.0 - swap_confidence);
}

LinkConfig LinkConfig::from_spec(const LinkSpec& spec) {
  LinkConfig c;
  const auto& a = spec.array;
  const auto& l = spec.link;
  if (l.marker_period_bits % 64 != 0)
    throw ConfigError("link.marker_period_bits", std::to_string(l.marker_period_bits),
                      "a multiple of 64 (markers and payload are handled as 64-bit words)");
  c.data_lanes = a.data_channels;
  c.physical_channels = spec.total_channels();
  if (c.physical_channels > 4095)
    throw ConfigError("array.data_channels", std::to_string(c.physical_channels) + " channels",
                      "at most 4095 channels in all (12-bit channel identity in the markers)");
  c.words_per_period = l.marker_period_bits / 64;
  c.max_skew_bits = static_cast<int>(l.max_skew_ui + 0.5);
  if (c.max_skew_bits > l.marker_period_bits - 128)
    throw ConfigError(
        "link.max_skew_ui", std::to_string(l.max_skew_ui),
        "at most link.marker_period_bits - 128 = " + std::to_string(l.marker_period_bits - 128));
  c.striping = l.striping;
  c.swap_window_periods = l.swap_window_periods;
  c.swap_lead_periods = l.swap_lead_periods;
  c.training_periods = l.training_periods;
  c.mapout_ber = l.mapout_ber;
  c.mapout_confidence = l.mapout_confidence;
  c.swap_ber = l.swap_ber;
  c.swap_confidence = l.swap_confidence;
  c.degraded_ber = l.degraded_ber;
  c.host_fec = l.host_fec;
  c.frame_bits = l.frame_bytes * 8;
  c.line_rate_gbps = spec.channel.rate_gbps;

  if (a.ecc_channels == 0) {
    c.groups = 1;
    c.check_bits = 0;
    c.slots_per_group = c.data_lanes;
    for (int d = 0; d < c.data_lanes; ++d) c.data_slot.push_back(d);
  } else {
    // As many SECDED groups as the ECC channels allow (more groups correct more failures at
    // once); ECC channels beyond what the groups need join the spare pool.
    int best = 0;
    for (int g = 1; g <= a.ecc_channels; ++g) {
      if (a.ecc_channels % g != 0) continue;
      const int per_group = (c.data_lanes + g - 1) / g;
      if (a.ecc_channels / g >= hamming_check_bits(per_group) + 1) best = g;
    }
    if (best == 0)
      throw ConfigError("array.ecc_channels", std::to_string(a.ecc_channels),
                        "0, or at least " + std::to_string(hamming_check_bits(c.data_lanes) + 1) +
                            " for an extended Hamming code over " + std::to_string(c.data_lanes) +
                            " data channels");
    c.groups = best;
    c.check_bits = hamming_check_bits((c.data_lanes + best - 1) / best);
    if (c.check_bits > 14)
      throw ConfigError("array.data_channels", std::to_string(c.data_lanes),
                        "at most 16369 data channels per SECDED group");
    c.slots_per_group = 1 << c.check_bits;
    c.ecc_lanes = c.groups * (c.check_bits + 1);
    std::vector<int> next(c.groups, 3);
    for (int d = 0; d < c.data_lanes; ++d) {
      const int g = d % c.groups;
      while ((next[g] & (next[g] - 1)) == 0) ++next[g];  // skip powers of two (check lanes)
      c.data_slot.push_back(g * c.slots_per_group + next[g]++);
    }
  }
  c.slot_used.assign(c.row_slots(), 0);
  for (int s : c.data_slot) c.slot_used[s] = 1;
  if (c.has_ecc()) {
    for (int g = 0; g < c.groups; ++g) {
      c.slot_used[g * c.slots_per_group] = 1;
      for (int i = 0; i < c.check_bits; ++i) c.slot_used[g * c.slots_per_group + (1 << i)] = 1;
    }
  }
  for (int s = 0; s < c.row_slots(); ++s)
    if (c.slot_used[s]) c.active_slots.push_back(s);
  return c;
}

}  // namespace mosaic::link

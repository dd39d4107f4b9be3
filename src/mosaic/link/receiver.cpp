#include "mosaic/link/receiver.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "mosaic/link/kernels.hpp"

namespace mosaic::link {

Receiver::Receiver(const LinkConfig& config)
    : config_(&config), gearbox_(config), ecc_(config), swap_threshold_(config.swap_threshold()) {
  reset();
}

void Receiver::reset() {
  const int n = config_->physical_channels;
  const int rs = config_->row_slots();
  ring_.assign(std::size_t(2) * config_->words_per_period * n, 0);
  frame_.assign(std::size_t(config_->payload_words()) * rs, 0);
  ports_.assign(n, Port{});
  port_of_channel_.assign(n, -1);
  candidates_.assign(rs, 0);
  corrected_slot_.assign(rs, 0);
  window_slot_.assign(rs, 0);
  spare_errors_.assign(n, 0);
  suspect_.assign(rs, 0);
  failed_.assign(rs, 0);
  no_spare_.assign(rs, 0);
  pending_.assign(rs, Pending{-1, 0, 0, 0, false, Verdict::kMarkersLost});
  reserved_.assign(n, 0);
  corrected_channel_.assign(n, 0);
  training_.assign(n, TrainingMeasurement{});
  requests_.clear();
  swaps_.clear();
  locks_.clear();
  exhausted_.clear();
  acc_.assign(rs, 0);
  last_ = RxPeriodReport{};
  received_ = 0;
  set_lane_map(identity_lane_map(*config_), INT64_MAX);  // training until a lane map is set
}

void Receiver::set_lane_map(const LaneMap& map, std::int64_t first_data_period) {
  channel_of_slot_ = map.channel_of_slot;
  slot_of_channel_.assign(config_->physical_channels, -1);
  for (int c : map.mapped_out) slot_of_channel_[c] = -2;  // never a spare
  for (int s = 0; s < config_->row_slots(); ++s)
    if (channel_of_slot_[s] >= 0) slot_of_channel_[channel_of_slot_[s]] = s;
  first_data_ = first_data_period;
}

std::vector<SwapMessage> Receiver::take_requests() {
  std::vector<SwapMessage> out;
  out.swap(requests_);
  return out;
}

std::uint64_t Receiver::bits_at(int port, std::int64_t bit) const {
  const std::int64_t rows = 2 * std::int64_t{config_->words_per_period};
  return ring_word((bit >> 6) % rows, rows, port, int(bit & 63));
}

bool Receiver::marker_ok(int port, std::int64_t period, int offset, int channel,
                         AlignmentMarker* out, bool acquire) const {
  const std::int64_t bit = period * config_->words_per_period * 64 + offset;
  const std::uint64_t w = bits_at(port, bit);
  AlignmentMarker want;
  want.sequence = static_cast<std::uint16_t>(period % AlignmentMarker::kSeqModulo);
  want.channel = static_cast<std::uint16_t>(channel < 0 ? 0 : channel);
  const int id = static_cast<int>((w >> 12) & 0xFFF);
  std::uint64_t known = 0;
  int tolerance = 0;
  if (channel < 0 || acquire) {
    // Acquiring lock: sync and sequence within a couple of bit errors, identity exactly as read
    // (checked against the next marker), so a noisy channel still locks but never to a wrong
    // identity.
    known = 0xFFFull | 0xFFFull << 24;
    tolerance = 2;
    if (id >= config_->physical_channels || (channel >= 0 && id != channel)) return false;
  } else {
    // Tracking a locked port: all 36 known bits, a few errors allowed, so bit errors (likely at
    // high BER) are not mistaken for a lost marker.
    known = (std::uint64_t{1} << 36) - 1;
    tolerance = kMarkerTolerance;
  }
  if (std::popcount((w ^ want.pack()) & known) > tolerance) return false;
  if (out) {
    const std::uint64_t fixed = (w & ~known) | (want.pack() & known);
    *out = *AlignmentMarker::unpack(fixed);
  }
  return true;
}

bool Receiver::marker_moved(int q, std::int64_t period) const {
  const Port& p = ports_[q];
  for (int o = 0; o <= config_->max_skew_bits; ++o)
    if (o != p.offset && marker_ok(q, period, o, p.channel, nullptr, true)) return true;
  return false;
}

void Receiver::track_lock(int q, std::int64_t m) {
  // A single corrupted marker (a bit error in 64 bits) must not drop a good channel: the port
  // keeps its offset through one missing marker; it only searches again at once in case the
  // channel's skew stepped, and gives up after kLossMarkers missing markers in a row.
  constexpr int kLossMarkers = 2;
  Port& p = ports_[q];
  if (p.locked) {
    if (marker_ok(q, m, p.offset, p.channel, nullptr)) {
      p.bad = 0;
      return;
    }
    for (int o = 0; o <= config_->max_skew_bits; ++o) {
      if (o == p.offset || !marker_ok(q, m, o, p.channel, nullptr, true) ||
          !marker_ok(q, m + 1, o, p.channel, nullptr, true))
        continue;
      locks_.push_back({m, time_of(m), q, p.channel, true, o});  // re-lock after a skew step
      p.offset = o;
      p.bad = 0;
      return;
    }
    if (++p.bad < kLossMarkers) return;
    p.locked = false;
    locks_.push_back({m, time_of(m), q, -1, false, p.offset});
  }
  for (int o = 0; o <= config_->max_skew_bits; ++o) {
    AlignmentMarker open;
    if (!marker_ok(q, m, o, -1, &open)) continue;
    if (!marker_ok(q, m + 1, o, open.channel, nullptr, true)) continue;
    p = Port{true, o, open.channel, 0};
    locks_.push_back({m, time_of(m), q, open.channel, true, o});
    return;
  }
}

void Receiver::measure_spares(std::int64_t m, bool training) {
  const std::int64_t period_bits = std::int64_t{config_->words_per_period} * 64;
  const int words = config_->payload_words();
  const std::int64_t rows = 2 * std::int64_t{config_->words_per_period};
  for (int q = 0; q < config_->physical_channels; ++q) {
    const Port& p = ports_[q];
    if (!p.locked) continue;
    if (!training && slot_of_channel_[p.channel] >= 0) continue;
    // bits_at(q, base + 64 k) for k = 1..words, walking the ring instead of dividing per word.
    const std::int64_t bit = m * period_bits + p.offset + 64;
    const int sh = int(bit & 63);
    std::int64_t r = (bit >> 6) % rows;
    spare_diff_.resize(std::size_t(words));
    for (int k = 1; k <= words; ++k) {
      spare_diff_[k - 1] = ring_word(r, rows, q, sh) ^ training_word(p.channel, m, k);
      r = r + 1 == rows ? 0 : r + 1;
    }
    const std::uint64_t errors = count_ones(spare_diff_);
    const bool lost = !marker_ok(q, m + 1, p.offset, p.channel, nullptr);
    // A spare whose markers go missing is not healthy: count it as a channel at BER 1/2.
    spare_errors_[p.channel] += lost ? std::max<std::uint64_t>(errors, 32ull * words) : errors;
    if (training) {
      auto& t = training_[p.channel];
      t.locked = true;
      t.bits += 64ull * words;
      t.errors += errors;
      t.markers_lost += lost;
    }
  }
}

void Receiver::read_management(std::int64_t m) {
  // Majority vote per message word over the channels carrying it.
  std::uint16_t word[3] = {};
  for (int part = 0; part < 3; ++part) {
    std::uint16_t cand = 0;
    int count = 0, total = 0;
    std::vector<std::uint16_t> seen;
    for (int q = 0; q < config_->physical_channels; ++q) {
      AlignmentMarker mk;
      if (!ports_[q].locked || ports_[q].channel % 3 != part) continue;
      if (!marker_ok(q, m, ports_[q].offset, ports_[q].channel, &mk)) continue;
      seen.push_back(mk.management);
      if (count == 0) cand = mk.management;
      count += mk.management == cand ? 1 : -1;
    }
    total = static_cast<int>(seen.size());
    const auto votes = std::count(seen.begin(), seen.end(), cand);
    if (total == 0 || 2 * votes <= total) return;
    word[part] = cand;
  }
  if (word[0] == AlignmentMarker::kIdleManagement || word[0] >= config_->row_slots()) return;
  Pending& pend = pending_[word[0]];
  if (pend.spare == word[1] && pend.boundary % AlignmentMarker::kSeqModulo == word[2])
    pend.acknowledged = true;
}

void Receiver::apply_swaps(std::int64_t m) {
  for (int s : config_->active_slots) {
    Pending& p = pending_[s];
    if (p.spare < 0 || p.boundary != m) continue;
    const int old = channel_of_slot_[s];
    if (old >= 0) slot_of_channel_[old] = -2;
    channel_of_slot_[s] = p.spare;
    slot_of_channel_[p.spare] = s;
    reserved_[p.spare] = 0;
    swaps_.push_back(
        SwapEvent{m, time_of(m), p.decided, s, old, p.spare, p.count, p.reason, p.acknowledged});
    suspect_[s] = 0;
    window_slot_[s] = 0;
    p = Pending{-1, 0, 0, 0, false, Verdict::kMarkersLost};
  }
}

void Receiver::decide_swaps(std::int64_t m) {
  for (int s : config_->active_slots) {
    // A lane is replaced when its channel has failed (lock or markers gone, no skew step to
    // follow) or when its corrected errors in this window put its BER above link.swap_ber with
    // link.swap_confidence; a few corrected errors are what a healthy lane shows at any BER up to
    // the KP4 limit and decide nothing.
    window_slot_[s] += corrected_slot_[s];
    const bool failed = failed_[s] != 0;
    if (!failed && window_slot_[s] < swap_threshold_) continue;
    if (pending_[s].spare >= 0 || suspect_[s]) continue;
    int best = -1;
    for (int c = 0; c < config_->physical_channels; ++c) {
      if (slot_of_channel_[c] != -1 || reserved_[c] || port_of_channel_[c] < 0) continue;
      if (spare_errors_[c] >= swap_threshold_) continue;
      if (best < 0 || spare_errors_[c] < spare_errors_[best]) best = c;
    }
    suspect_[s] = 1;  // a known failing lane: an erasure for the ECC until it is replaced
    if (best < 0) {
      no_spare_[s] = 1;
      exhausted_.push_back({m, time_of(m), s, channel_of_slot_[s]});
      continue;
    }
    reserved_[best] = 1;
    const std::int64_t boundary = m + config_->swap_lead_periods;
    const int c = channel_of_slot_[s];
    const Verdict why = !failed                            ? Verdict::kBer
                        : c < 0 || port_of_channel_[c] < 0 ? Verdict::kNoLock
                                                           : Verdict::kMarkersLost;
    pending_[s] = Pending{best, boundary, m, std::uint32_t(window_slot_[s]), false, why};
    requests_.push_back(SwapMessage{std::uint16_t(s), std::uint16_t(best),
                                    std::uint16_t(boundary % AlignmentMarker::kSeqModulo)});
  }
  if ((m - first_data_ + 1) % config_->swap_window_periods == 0) {
    std::fill(window_slot_.begin(), window_slot_.end(), 0);
    std::fill(spare_errors_.begin(), spare_errors_.end(), 0);
  }
}

void Receiver::decode_period(std::int64_t m, std::span<std::uint64_t> host) {
  const int rs = config_->row_slots();
  const int words = config_->payload_words();
  const std::int64_t rows = 2 * std::int64_t{config_->words_per_period};
  const std::int64_t period_bits = std::int64_t{config_->words_per_period} * 64;
  const auto& active = config_->active_slots;
  const int na = static_cast<int>(active.size());

  // Where each active slot's payload starts in the ring (deskew + reorder by identity).
  struct Source {
    int slot, port, sh;
    std::int64_t row;
    std::size_t at;  // ring index of the first word: row * channels + port
  };
  std::vector<Source> src;
  src.reserve(na);
  bool lost = false;
  for (int s : active) {
    const int c = channel_of_slot_[s];
    const int q = c >= 0 ? port_of_channel_[c] : -1;
    acc_[s] = 0;
    failed_[s] = 0;
    if (q < 0) {
      for (int k = 0; k < words; ++k) frame_[std::size_t(k) * rs + s] = 0;
      candidates_[s] = 0xFFFF;
      failed_[s] = 1;
      lost = true;
      continue;
    }
    const std::int64_t bit = m * period_bits + ports_[q].offset + 64;
    const std::int64_t row = (bit >> 6) % rows;
    src.push_back({s, q, int(bit & 63), row, std::size_t(row) * config_->physical_channels + q});
  }
  // Rows before any port's next row wraps to ring row 0 take the short loop (no wrap tests;
  // without skew every shift is 0): the per-word wrap and shift set-up were most of its time.
  const std::size_t n = config_->physical_channels;
  std::int64_t unwrapped = words;
  bool aligned = true;
  for (const Source& e : src) {
    unwrapped = std::min(unwrapped, rows - 1 - e.row);
    aligned &= e.sh == 0;
  }
  int k = 0;
  for (; k < unwrapped; ++k) {
    std::uint64_t* row = frame_.data() + std::size_t(k) * rs;
    const std::uint64_t* ring = ring_.data() + std::size_t(k) * n;
    if (aligned) {
      for (const Source& e : src) {
        const std::uint64_t w = ring[e.at];
        row[e.slot] = w;
        acc_[e.slot] ^= w;
      }
      continue;
    }
    for (const Source& e : src) {
      const std::uint64_t w = (ring[e.at] >> e.sh) | ((ring[e.at + n] << 1) << (63 - e.sh));
      row[e.slot] = w;
      acc_[e.slot] ^= w;
    }
  }
  for (; k < words; ++k) {
    std::uint64_t* row = frame_.data() + std::size_t(k) * rs;
    for (const Source& e : src) {
      std::int64_t r = e.row + k;
      if (r >= rows) r -= rows;
      const std::uint64_t w = ring_word(r, rows, e.port, e.sh);
      row[e.slot] = w;
      acc_[e.slot] ^= w;
    }
  }
  std::fill(corrected_slot_.begin(), corrected_slot_.end(), 0);
  for (const Source& e : src) {
    AlignmentMarker close;
    const int c = channel_of_slot_[e.slot];
    std::uint16_t mask = 0xFFFF;
    if (marker_ok(e.port, m + 1, ports_[e.port].offset, c, &close)) {
      // BIP lanes that disagree make the channel a candidate in those lanes, however many there
      // are: at a background BER near the KP4 limit a healthy channel has ~4 errors per period.
      mask = bip16(acc_[e.slot]) ^ close.bip;
      if (ports_[e.port].bad != 0) mask = 0xFFFF;  // the opening marker was missing
    } else {
      // Gone, not moved: the channel has failed and the lane is swapped at once (one missing
      // marker is enough: see kMarkerTolerance).
      failed_[e.slot] = !marker_moved(e.port, m + 1);
      lost = true;
    }
    if (!config_->has_ecc()) corrected_slot_[e.slot] = std::popcount(unsigned(mask));
    candidates_[e.slot] = mask;
  }
  last_.erased_lanes = 0;
  last_.lanes_without_spare = 0;
  for (int s : active) {
    if (suspect_[s] || pending_[s].spare >= 0 || failed_[s]) candidates_[s] = 0xFFFF;
    last_.erased_lanes += candidates_[s] == 0xFFFF;
    last_.lanes_without_spare += no_spare_[s];
  }

  last_.ecc = EccDecodeStats{};
  ecc_.decode(frame_, words, candidates_, corrected_slot_, last_.ecc);
  last_.all_rows_flagged = false;
  if (!config_->has_ecc()) {
    last_.all_rows_flagged = lost;  // a lost channel without ECC: nothing of the period is sure
  } else {
    // More than three erased lanes in a group exceed what distance 4 can resolve.
    std::vector<int> per_group(config_->groups, 0);
    for (int s : active)
      if (candidates_[s] == 0xFFFF) ++per_group[s / config_->slots_per_group];
    for (int v : per_group) last_.all_rows_flagged |= v > 3;
  }
  for (int s : active) {
    const int c = channel_of_slot_[s];
    if (c >= 0) corrected_channel_[c] += corrected_slot_[s];
    // Corrections on an erased lane are the erasure being filled in, not evidence about it.
    if (candidates_[s] == 0xFFFF) corrected_slot_[s] = 0;
  }
  gearbox_.destripe(frame_, host);
}

std::span<std::uint64_t> Receiver::next_wire() {
  const std::size_t period_words =
      std::size_t(config_->words_per_period) * config_->physical_channels;
  return {ring_.data() + (received_ % 2) * period_words, period_words};
}

bool Receiver::process_written(std::span<std::uint64_t> host) {
  ++received_;
  last_ = RxPeriodReport{};
  if (received_ < 2) return false;
  const std::int64_t m = received_ - 2;
  last_.period = m;
  std::fill(port_of_channel_.begin(), port_of_channel_.end(), -1);
  for (int q = 0; q < config_->physical_channels; ++q) {
    track_lock(q, m);
    if (ports_[q].locked) port_of_channel_[ports_[q].channel] = q;
  }
  if (m < first_data_) {
    measure_spares(m, true);
    return false;
  }
  last_.data = true;
  read_management(m);
  apply_swaps(m);
  decode_period(m, host);
  measure_spares(m, false);
  decide_swaps(m);
  return true;
}

}  // namespace mosaic::link

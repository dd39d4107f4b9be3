#include "mosaic/link/assign_roles.hpp"

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/math/log_q.hpp"
#include "mosaic/link/latency.hpp"

namespace mosaic::link {

LaneAssignment assign_roles(const LinkSpec& spec, std::span<const phy::ChannelResult> channels) {
  LaneAssignment out;
  out.roles.assign(channels.size(), ChannelRole::kSpare);
  LinkSummary& s = out.summary;
  s.channels = static_cast<int>(channels.size());
  std::vector<int> live;
  for (const auto& c : channels) {
    if (c.dead) {
      out.roles[c.index] = ChannelRole::kDead;
      ++s.dead;
    } else {
      live.push_back(c.index);
    }
  }
  std::stable_sort(live.begin(), live.end(),
                   [&](int a, int b) { return channels[a].log10_ber < channels[b].log10_ber; });
  const int want_data = spec.array.data_channels;
  const int want_ecc = spec.array.ecc_channels;
  for (std::size_t rank = 0; rank < live.size(); ++rank) {
    const int r = static_cast<int>(rank);
    out.roles[live[rank]] = r < want_data              ? ChannelRole::kData
                            : r < want_data + want_ecc ? ChannelRole::kEcc
                                                       : ChannelRole::kSpare;
  }
  s.data = std::min<int>(want_data, live.size());
  s.ecc = std::clamp<int>(static_cast<int>(live.size()) - want_data, 0, want_ecc);
  s.spare = static_cast<int>(live.size()) - s.data - s.ecc;
  s.active_short = want_data + want_ecc - s.data - s.ecc;

  for (int i : live)
    if (out.roles[i] == ChannelRole::kSpare && channels[i].log10_ber <= std::log10(kKp4PreFecBer))
      ++s.spare_usable;
  std::vector<double> logs;
  for (int i : out.active_channels()) {
    logs.push_back(channels[i].log10_ber);
    if (s.worst_channel < 0 || channels[i].log10_ber > channels[s.worst_channel].log10_ber)
      s.worst_channel = i;
  }
  if (!logs.empty()) {
    std::sort(logs.begin(), logs.end());
    const std::size_t m = logs.size();
    s.log10_median_ber =
        m % 2 ? logs[m / 2]
              : std::log10(0.5 * (std::pow(10.0, logs[m / 2 - 1]) + std::pow(10.0, logs[m / 2])));
    if (m % 2 == 0 && !std::isfinite(s.log10_median_ber))
      s.log10_median_ber = 0.5 * (logs[m / 2 - 1] + logs[m / 2]);
    s.log10_worst_ber = logs.back();
    // Mean in the log domain: the terms may all lie below the double range.
    LogSumExp sum;
    for (double l : logs) sum.add(l * std::log(10.0));
    s.log10_mean_ber = (sum.value() - std::log(static_cast<double>(m))) / std::log(10.0);
    s.mean_ber = std::pow(10.0, s.log10_mean_ber);
    s.median_ber = std::pow(10.0, s.log10_median_ber);
    s.worst_ber = std::pow(10.0, s.log10_worst_ber);
    s.over_threshold = static_cast<int>(std::count_if(
        logs.begin(), logs.end(), [](double l) { return l > std::log10(kKp4PreFecBer); }));
  }
  s.line_rate_gbps = spec.channel.rate_gbps;
  s.required_line_rate_gbps = required_line_rate_gbps(spec);
  s.capacity_ok = s.active_short == 0 && s.line_rate_gbps >= s.required_line_rate_gbps * (1 - 1e-9);
  s.latency = link_latency(spec);
  s.latency_ns = s.latency.fiber_ns;
  s.electronics_latency_ns = s.latency.electronics_ns();
  return out;
}

}  // namespace mosaic::link

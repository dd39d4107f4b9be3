#include "mosaic/link/lane_map.hpp"

#include <algorithm>
#include <numeric>

namespace mosaic::link {

LaneMap choose_lane_map(const LinkConfig& config, std::span<const TrainingMeasurement> measured) {
  const int n = config.physical_channels;
  std::vector<std::uint8_t> failed(n, 0);
  LaneMap map;
  for (int c = 0; c < n; ++c) {
    const auto& t = measured[c];
    if (!t.locked) {
      failed[c] = 1;
      map.mapped_out_why.push_back({c, Verdict::kNoLock, t.bits, t.errors});
    } else if (t.markers_lost > 0) {
      failed[c] = 1;
      map.mapped_out_why.push_back({c, Verdict::kMarkersLost, t.bits, t.errors});
    } else if (t.errors >= config.mapout_threshold(t.bits)) {
      failed[c] = 1;
      map.mapped_out_why.push_back({c, Verdict::kBer, t.bits, t.errors});
    }
  }
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  // Channels that passed keep their design order (the designated spares stay spares): ranking
  // them by training errors would only rank noise, since every one is within the limit.
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (failed[a] != failed[b]) return failed[a] < failed[b];
    if (failed[a] && measured[a].locked != measured[b].locked) return measured[a].locked;
    return failed[a] && measured[a].errors < measured[b].errors;
  });
  const int need = std::min(config.active_lanes(), n);
  std::vector<int> chosen(order.begin(), order.begin() + need);
  std::sort(chosen.begin(), chosen.end());
  map.channel_of_slot.assign(config.row_slots(), -1);
  for (int i = 0; i < need; ++i) map.channel_of_slot[config.active_slots[i]] = chosen[i];
  for (int i = need; i < n; ++i)
    if (failed[order[i]]) map.mapped_out.push_back(order[i]);
  std::sort(map.mapped_out.begin(), map.mapped_out.end());
  std::erase_if(map.mapped_out_why, [&](const MapOutEvent& e) {
    return !std::binary_search(map.mapped_out.begin(), map.mapped_out.end(), e.channel);
  });
  return map;
}

LaneMap identity_lane_map(const LinkConfig& config) {
  LaneMap map;
  map.channel_of_slot.assign(config.row_slots(), -1);
  for (int i = 0; i < config.active_lanes(); ++i) map.channel_of_slot[config.active_slots[i]] = i;
  return map;
}

}  // namespace mosaic::link

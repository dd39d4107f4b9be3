#include "mosaic/link/lane_map.hpp"

#include <algorithm>
#include <numeric>

namespace mosaic::link {

LaneMap choose_lane_map(const LinkConfig& config, std::span<const TrainingMeasurement> measured) {
  const int n = config.physical_channels;
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (measured[a].locked != measured[b].locked) return measured[a].locked;
    return measured[a].errors < measured[b].errors;
  });
  const int need = config.active_lanes();
  std::vector<int> chosen(order.begin(), order.begin() + std::min(need, n));
  std::sort(chosen.begin(), chosen.end());
  LaneMap map;
  map.channel_of_slot.assign(config.row_slots(), -1);
  for (int i = 0; i < static_cast<int>(chosen.size()); ++i)
    map.channel_of_slot[config.active_slots[i]] = chosen[i];
  std::uint64_t worst_chosen = 0;
  for (int c : chosen) worst_chosen = std::max(worst_chosen, measured[c].errors);
  for (int i = need; i < n; ++i) {
    const int c = order[i];
    if (!measured[c].locked || measured[c].errors > worst_chosen) map.mapped_out.push_back(c);
  }
  std::sort(map.mapped_out.begin(), map.mapped_out.end());
  return map;
}

LaneMap identity_lane_map(const LinkConfig& config) {
  LaneMap map;
  map.channel_of_slot.assign(config.row_slots(), -1);
  for (int i = 0; i < config.active_lanes(); ++i) map.channel_of_slot[config.active_slots[i]] = i;
  return map;
}

}  // namespace mosaic::link

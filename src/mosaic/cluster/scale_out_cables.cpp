#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "mosaic/cluster/cables.hpp"

namespace mosaic::cluster {
namespace {

// The GPUs' ports to their leaves: port i (GPU i / P) goes to leaf i / leaf_down; the ports of
// one compute tray to one leaf share a route and merge into one run.
void leaf_runs(const ClusterSpec& s, const FloorPlan& plan, const ScaleOutCounts& c,
               std::int64_t per_port, std::vector<CableRun>& runs) {
  const int P = s.scale_out.ports_per_gpu;
  std::int64_t start = 0;
  while (start < c.ports) {
    const std::int64_t tray = start / P / s.rack.gpus_per_tray;
    const std::int64_t leaf = start / c.leaf_down;
    std::int64_t end = start + 1;
    while (end < c.ports && end / P / s.rack.gpus_per_tray == tray && end / c.leaf_down == leaf)
      ++end;
    const Place a = gpu_tray(s, plan, static_cast<int>(start / P));
    const Place b = plan.leaves[leaf];
    runs.push_back({Fabric::kScaleOut, 1, a.rack, b.rack, run_length_m(s, plan, a, b),
                    (end - start) * per_port});
    start = end;
  }
}

// Tier t to tier t + 1: link i leaves lower switch i / (k/2) for upper switch i mod S(t+1), so
// each lower switch spreads its uplinks over consecutive upper switches and every upper switch
// takes the same number; repeated pairs merge.
void upper_runs(const ClusterSpec& s, const FloorPlan& plan, const ScaleOutCounts& c, int t,
                std::int64_t per_port, std::vector<CableRun>& runs) {
  const std::int64_t half = s.scale_out.radix / 2;
  const std::vector<Place>& lower = t == 1 ? plan.leaves : plan.upper[t - 2];
  const std::vector<Place>& upper = plan.upper[t - 1];
  const auto n_upper = static_cast<std::int64_t>(upper.size());
  std::vector<std::pair<std::int64_t, std::int64_t>> counts;  // (upper switch, links)
  for (std::int64_t sw = 0; sw * half < c.ports; ++sw) {
    counts.clear();
    for (std::int64_t i = sw * half; i < std::min(c.ports, (sw + 1) * half); ++i) {
      const std::int64_t target = i % n_upper;
      auto it = std::find_if(counts.begin(), counts.end(),
                             [&](const auto& p) { return p.first == target; });
      if (it == counts.end())
        counts.emplace_back(target, 1);
      else
        ++it->second;
    }
    for (const auto& [target, links] : counts) {
      const Place& a = lower[sw];
      const Place& b = upper[target];
      runs.push_back({Fabric::kScaleOut, t + 1, a.rack, b.rack, run_length_m(s, plan, a, b),
                      links * per_port});
    }
  }
}

}  // namespace

void add_scale_out_runs(const ClusterSpec& s, const FloorPlan& plan, std::vector<CableRun>& runs) {
  if (s.scale_out.tiers == 0) return;
  const ScaleOutCounts c = scale_out_counts(s);
  const auto per_port =
      static_cast<std::int64_t>(std::ceil(s.scale_out.port_rate_gbps / s.links.rate_gbps - 1e-9));
  leaf_runs(s, plan, c, per_port, runs);
  for (int t = 1; t < s.scale_out.tiers; ++t) upper_runs(s, plan, c, t, per_port, runs);
}

}  // namespace mosaic::cluster

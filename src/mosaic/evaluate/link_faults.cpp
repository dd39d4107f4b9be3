#include "mosaic/evaluate/link_faults.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "mosaic/core/rng.hpp"

namespace mosaic {

void apply_physics(const Evaluation& evaluation, int physical_channels, link::FaultPlan& plan) {
  plan.channel_ber.assign(physical_channels, plan.background_ber);
  for (const auto& c : evaluation.phy.channels) {
    if (c.index < 0 || c.index >= physical_channels) continue;  // pixels beyond the design's
    plan.channel_ber[c.index] = std::min(0.5, std::pow(10.0, c.log10_ber));
    if (c.dead) plan.dead_channels.push_back(c.index);
  }
}

void add_random_failures(const link::LinkConfig& config, int count, double run_s,
                         std::uint64_t seed, link::FaultPlan& plan) {
  const int lanes = config.active_lanes();
  Rng rng(seed, RngPurpose::kLinkFaults, 0xFA11);
  std::vector<int> pool(lanes);
  std::iota(pool.begin(), pool.end(), 0);
  for (int i = 0; i < count && i < lanes; ++i) {
    std::swap(pool[i], pool[i + rng.next_u32() % (lanes - i)]);
    plan.failures.push_back({pool[i], rng.uniform() * run_s});
  }
}

}  // namespace mosaic

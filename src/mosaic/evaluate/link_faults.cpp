#include "mosaic/evaluate/link_faults.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic {

void apply_physics(const Evaluation& evaluation, int physical_channels, link::FaultPlan& plan) {
  plan.channel_ber.assign(physical_channels, plan.background_ber);
  for (const auto& c : evaluation.phy.channels) {
    if (c.index < 0 || c.index >= physical_channels) continue;  // pixels beyond the design's
    plan.channel_ber[c.index] = std::min(0.5, std::pow(10.0, c.log10_ber));
    if (c.dead) plan.dead_channels.push_back(c.index);
  }
}

}  // namespace mosaic

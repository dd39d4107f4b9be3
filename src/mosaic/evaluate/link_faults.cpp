#include "mosaic/evaluate/link_faults.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "mosaic/link/skew_plan.hpp"

namespace mosaic {

void apply_physics(const Evaluation& evaluation, int physical_channels, link::FaultPlan& plan) {
  plan.channel_ber.assign(physical_channels, plan.background_ber);
  std::vector<double> arrival_ps(physical_channels, 0.0);
  std::vector<char> live(physical_channels, 0);
  for (const auto& c : evaluation.phy.channels) {
    if (c.index < 0 || c.index >= physical_channels) continue;  // pixels beyond the design's
    plan.channel_ber[c.index] = std::min(0.5, std::pow(10.0, c.log10_ber));
    if (c.dead) plan.dead_channels.push_back(c.index);
    arrival_ps[c.index] = c.skew_ps;
    live[c.index] = !c.dead;
  }
  plan.skew_ui = link::skew_ui_from_arrivals(arrival_ps, live, evaluation.spec.channel.rate_gbps);
}

}  // namespace mosaic

#include "mosaic/evaluate/link_faults.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "mosaic/core/error.hpp"
#include "mosaic/link/link_config.hpp"
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

void check_carried_skews(const LinkSpec& spec, const link::FaultPlan& plan, const char* who) {
  const link::LinkConfig cfg = link::LinkConfig::from_spec(spec);
  const double longest_ui = cfg.words_per_period * 64.0 - 128.0;
  double worst_ui = 0.0;
  for (double s : plan.skew_ui) worst_ui = std::max(worst_ui, s);
  if (worst_ui > longest_ui)
    throw ConfigError("fiber.skew_rms_ps", fmt::format("{:g}", spec.fiber.skew_rms_ps),
                      fmt::format("channel skews the {} can carry, at most {:g} UI; this "
                                  "design's reach {:g} UI, beyond its deskew buffer "
                                  "link.max_skew_ui = {:g} UI",
                                  who, longest_ui, worst_ui, spec.link.max_skew_ui));
}

}  // namespace mosaic

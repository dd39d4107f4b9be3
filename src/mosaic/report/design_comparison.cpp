#include "mosaic/report/design_comparison.hpp"

#include <string>

#include "mosaic/power/power_budget.hpp"
#include "mosaic/reliability/link_reliability.hpp"

namespace mosaic::report {

power::Comparison compare_design(const LinkSpec& spec, const power::BaselineCatalog& catalog,
                                 double cable_m) {
  const power::PowerBudget budget = power::budget(spec);
  const reliability::LinkReliability rel = reliability::link_reliability(spec);
  power::DesignFigures design;
  design.name =
      std::string("MOSAIC (this design, ") +
      (spec.module.host_interface == HostInterface::kPluggable ? "pluggable" : "co-packaged") + ")";
  design.rate_gbps = budget.payload_rate_gbps;
  design.reach_m = spec.module.rated_reach_m;
  design.w_per_end = budget.per_end_w;
  design.link_fit = rel.link_fit;
  // The deskew buffer holds up to max_skew_ui channel bits; the logic pipeline adds the rest.
  design.latency_ns = spec.module.logic_latency_ns + spec.link.max_skew_ui / spec.channel.rate_gbps;
  return power::compare(design, catalog, cable_m);
}

}  // namespace mosaic::report

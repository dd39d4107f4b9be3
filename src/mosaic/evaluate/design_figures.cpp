#include "mosaic/evaluate/design_figures.hpp"

namespace mosaic {

power::DesignFigures design_figures(const Evaluation& e) {
  power::DesignFigures d;
  d.name =
      std::string("MOSAIC (this design, ") +
      (e.spec.module.host_interface == HostInterface::kPluggable ? "pluggable" : "co-packaged") +
      ")";
  d.rate_gbps = e.power.payload_rate_gbps;
  d.reach_m = e.spec.module.rated_reach_m;
  d.w_per_end = e.power.per_end_w;
  d.link_fit = e.reliability.link_fit;
  d.latency_ns = e.link().electronics_latency_ns;
  return d;
}

}  // namespace mosaic

#include "mosaic/evaluate/design_figures.hpp"

#include "mosaic/reliability/link_reliability.hpp"

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
  // Catalog FITs are quoted at a reference temperature and not scaled: the design's row is taken
  // at its reference temperature too, its case-temperature figure stated beside it.
  LinkSpec at_reference = e.spec;
  at_reference.environment.case_temperature_c = e.spec.reliability.reference_temperature_c;
  d.link_fit = reliability::link_reliability(at_reference, e.reliability.spares).link_fit;
  d.reference_temperature_c = e.spec.reliability.reference_temperature_c;
  d.case_temperature_c = e.spec.environment.case_temperature_c;
  d.link_fit_at_case = e.reliability.link_fit;
  d.latency_ns = e.link().electronics_latency_ns;
  return d;
}

}  // namespace mosaic

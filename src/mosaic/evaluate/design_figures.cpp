#include "mosaic/evaluate/design_figures.hpp"

#include "mosaic/reliability/link_reliability.hpp"

namespace mosaic {

power::DesignFigures design_figures(const Evaluation& e, std::optional<double> reach_m) {
  power::DesignFigures d;
  d.name =
      std::string("MOSAIC (this design, ") +
      (e.spec.module.host_interface == HostInterface::kPluggable ? "pluggable" : "co-packaged") +
      ")";
  d.rate_gbps = e.power.payload_rate_gbps;
  d.reach_from_physics = reach_m.has_value();
  d.reach_m = reach_m.value_or(e.spec.module.rated_reach_m);
  d.w_per_end = e.power.per_end_w;
  d.link_fit = e.reliability.link_fit;
  LinkSpec at_reference = e.spec;
  at_reference.environment.case_temperature_c = e.spec.reliability.reference_temperature_c;
  d.link_fit_at_reference =
      reliability::link_reliability(at_reference, e.reliability.spares).link_fit;
  d.reference_temperature_c = e.spec.reliability.reference_temperature_c;
  d.case_temperature_c = e.spec.environment.case_temperature_c;
  d.latency_ns = e.link().electronics_latency_ns;
  return d;
}

}  // namespace mosaic

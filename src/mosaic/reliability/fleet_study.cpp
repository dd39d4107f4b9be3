#include "mosaic/reliability/fleet_study.hpp"

#include "mosaic/core/design/resource_limits.hpp"

namespace mosaic::reliability {

FleetStudyResult fleet(const LinkSpec& spec, const study::FleetOptions& options,
                       Progress* progress) {
  options.validate();
  FleetOptions o;
  o.links = options.links;
  o.years = options.years.value_or(spec.reliability.service_life_years);
  check_fleet_memory(o.links, o.years);
  o.confidence = options.confidence;
  o.threads = options.threads;
  o.progress = progress;
  return {fleet_monte_carlo(spec, o), link_reliability(spec)};
}

}  // namespace mosaic::reliability

#pragma once

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/options/fleet_options.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/reliability/fleet.hpp"
#include "mosaic/reliability/link_reliability.hpp"

namespace mosaic::reliability {

// What `mosaic fleet` gives: the fleet Monte Carlo and the closed form it must agree with.
struct FleetStudyResult {
  FleetResult fleet;
  LinkReliability closed_form;
};

// The fleet study: options.links links over options.years (default: the service life), within
// the memory budget.
FleetStudyResult fleet(const LinkSpec& spec, const study::FleetOptions& options,
                       Progress* progress = nullptr);

}  // namespace mosaic::reliability

#pragma once

#include <optional>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/options/relay_options.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/link/channel_model.hpp"
#include "mosaic/link/relay.hpp"

namespace mosaic {

// The relay study: a host stream of options.gbits through the design's bit-exact link layer.
// Per-channel BERs from options.ber, from `phy_report` (the faults the front end read from the
// report named by options.phy) or from the design's physics (options.physics). Every failure is
// checked against the design's channels and the run's length, and fail_random against the
// channels in service; errors name the option.
link::RelayResult relay(const LinkSpec& spec, const study::RelayOptions& options,
                        const std::optional<link::FaultPlan>& phy_report = std::nullopt,
                        Progress* progress = nullptr);

// The length of a relay run of options.gbits on this design (training included), seconds: the
// latest time a failure may be placed at.
double relay_run_s(const LinkSpec& spec, const study::RelayOptions& options);

}  // namespace mosaic

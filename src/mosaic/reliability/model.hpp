#pragma once

#include <optional>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/reliability/lifetime.hpp"

namespace mosaic::reliability {

// The reliability structure of one link, resolved from a spec: n = data + ECC + spare channels,
// each with the same lifetime, and the common parts in series. The link has *failed* once more
// than `spares` channels have failed (with ECC, the ECC masks that one more while the link is
// drained and replaced: "degraded"), or when a common part fails. Times in hours.
struct ReliabilityModel {
  int channels = 0;  // n = data + ECC + usable spares
  int spares = 0;    // S, usable spares only
  bool ecc = true;   // ECC present: the (S+1)-th failure degrades rather than downs the link
  Lifetime channel;  // at the operating temperature
  Lifetime common;   // all common parts in series, at the operating temperature
  double acceleration_factor = 1.0;
  double case_temperature_c = 25.0;  // what the acceleration is to (environment.case_temperature_c)
  double mttr_h = 0.0;               // mean time to drain and replace (exponentially distributed)
  double life_h = 0.0;               // service life

  int failures_to_fail() const { return spares + 1; }
};

// Resolves spec.reliability and spec.environment into a model (Arrhenius applied to the parts
// with an activation energy). usable_spares: how many of the spec's spares can carry data (meet
// the BER target, from a physics run); none = all of the spare positions
// (LinkSpec::spare_positions). Unusable spares are not channels of the reliability model at all.
ReliabilityModel reliability_model(const LinkSpec& spec,
                                   std::optional<int> usable_spares = std::nullopt);

// Closed form: P(more than S of the n channels have failed by t), as ln of both sides.
// ln P(link still has enough channels at t), accurate far into either tail.
double log_channel_survival(const ReliabilityModel& m, double t_h);
double log_channel_failure(const ReliabilityModel& m, double t_h);
// Closed form link survival R(t): enough channels AND the common parts working.
double log_link_survival(const ReliabilityModel& m, double t_h);

// Mean time to the link's first failure, integral of R(t); infinity if it can never fail.
double mttf_h(const ReliabilityModel& m);

}  // namespace mosaic::reliability

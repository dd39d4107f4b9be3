#pragma once

#include <functional>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/link/lanes.hpp"

namespace mosaic {

// The link's BERs at one age, as an evaluation of the aged physics gave them.
struct AgedLink {
  double age_years = 0.0;
  std::vector<double> log10_ber;  // per pixel; a dead pixel 0
  bool failed = false;            // a channel over the target with no usable spare left
};

// Whether a link with these BERs at some age has run out of spares: every active channel above
// `log10_target` needs one of the spares usable at link-up (at or below it at age 0) that is still
// at or below it. The rule reliability::simulate_degradation applies, as a count.
bool spares_run_out(const link::LaneAssignment& lanes, const std::vector<double>& log10_ber_start,
                    const std::vector<double>& log10_ber, double log10_target);

// The first age, on a grid of service_life / kFailureAgeSteps, at which the link fails, given that
// it meets at age 0 and fails at the end of its life (ageing and swaps only accumulate, so failing
// is monotone in age). `known` holds the ages already evaluated (age 0 and the end of life at
// least); `evaluate` runs the aged physics at one age.
//
// A bisection would take log2(kFailureAgeSteps) = 6 evaluations of the whole array. Instead each
// probe is where a per-channel interpolation of the known ages predicts the failure: every
// channel's sqrt(-2 ln BER) (about its Q) linear in its own LED's optical power factor between the
// evaluated ages that bracket it (its loss at any age is known exactly). The probe that lands on
// the predicted boundary is checked from both sides, so the answer is the bisection's (the grid
// point where the evaluated link first fails) in usually one or two evaluations; after
// kGuidedProbes probes the rest is bisected, which bounds the count at 3 + 6.
inline constexpr int kFailureAgeSteps = 64;
inline constexpr int kGuidedProbes = 3;

struct FailureAge {
  double age_years = 0.0;
  int evaluations = 0;
};

FailureAge find_failure_age(const LinkSpec& spec, const link::LaneAssignment& lanes,
                            std::vector<AgedLink> known,
                            const std::function<AgedLink(double age_years)>& evaluate);

}  // namespace mosaic

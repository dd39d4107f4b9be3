#pragma once

#include <optional>

#include "mosaic/reliability/model.hpp"

namespace mosaic::reliability {

// Continuous-time Markov chain of one link position over [0, t]. States: i = 0..S failed channels
// (working), D = S+1 failed (degraded: the ECC masks the last one while the link is drained),
// X = down (a common part failed, a channel failed while degraded, or the (S+1)-th failed with no
// ECC). With repair, D and X return to state 0 (a new link) at rate 1 / MTTR; without, they
// absorb. Needs exponential channel lifetimes (no Weibull wear-out).
struct MarkovResult {
  double horizon_h = 0.0;
  int states = 0;  // after truncation of the unreachable deep states
  // Without repair: probability of having failed (D or X) by the horizon; compare with the closed
  // form 1 - R(t).
  double failure_probability = 0.0;
  // With repair (renewal at rate 1 / MTTR):
  double expected_failures = 0.0;  // transitions working -> D or X over [0, horizon]
  double expected_outages = 0.0;   // transitions into X over [0, horizon]
  double unavailability = 0.0;     // mean fraction of time down (in X)
  double degraded_fraction = 0.0;  // mean fraction of time degraded (in D)
};

// Solves the chain with a matrix exponential of its generator, augmented with reward
// accumulators (Eigen). std::nullopt when the model has wear-out (not Markovian).
std::optional<MarkovResult> solve_markov(const ReliabilityModel& m, double horizon_h);

}  // namespace mosaic::reliability

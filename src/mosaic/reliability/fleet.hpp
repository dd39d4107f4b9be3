#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/math/confidence.hpp"
#include "mosaic/core/math/count_tails.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/reliability/model.hpp"

namespace mosaic::reliability {

// One process's share of the fleet when several (MPI ranks) run it: this one draws the blocks of
// links b with b % parts == part, and `sum` adds every part's integer tallies in place (each part
// calls it once per run, in the same order). The tallies are integer counts, so their sum, and
// with it the result, is the same for any number of parts.
struct FleetShare {
  int part = 0;
  int parts = 1;
  std::function<void(std::vector<std::int64_t>&)> sum;
};

struct FleetOptions {
  std::int64_t links = 600000;  // link positions in the fleet
  double years = 5.0;           // observation horizon
  double confidence = 0.99;     // of every interval reported
  int threads = 0;              // 0 = all cores; the result does not depend on it
  Progress* progress = nullptr;
  const FleetShare* share = nullptr;  // nullptr: this process draws every link
};

// Failures of the fleet in one year of the horizon (the last may be partial).
struct FleetYear {
  int year = 0;               // 0-based
  double hours = 0.0;         // length of this bin
  std::int64_t failures = 0;  // links that failed (degraded or down) in this year
  std::int64_t outages = 0;   // links that went down (traffic lost) in this year
  Interval failures_ci;       // Garwood interval on the expected count
  double mtbf_h = 0.0;        // fleet time between failures: hours / failures (inf if none)
  Interval mtbf_ci_h;
};

struct FleetResult {
  std::int64_t links = 0;
  double years = 0.0;
  double confidence = 0.0;
  std::uint64_t seed = 0;
  std::int64_t failures = 0;          // all failures over the horizon, replacements included
  std::int64_t channel_failures = 0;  // ... caused by running out of spares
  std::int64_t common_failures = 0;   // ... caused by a common part
  std::int64_t outages = 0;           // failures or later events that took traffic down
  std::vector<FleetYear> per_year;
  // Per link position over the horizon (renewal process: failed links replaced after ~MTTR).
  double failures_per_link = 0.0;
  Interval failures_per_link_ci;  // normal approximation with the sample variance
  // First life only: fraction of links whose original link failed within the horizon.
  std::int64_t first_life_failures = 0;
  double first_life_failure_probability = 0.0;
  Interval first_life_failure_ci;  // Clopper-Pearson
  double fleet_fit = 0.0;          // failures per 1e9 link-position-hours
  Interval fleet_fit_ci;           // Garwood
  double mtbf_h = 0.0;             // fleet time between failures over the horizon
  Interval mtbf_ci_h;
  double wall_s = 0.0;
  double link_lifetimes_per_s = 0.0;  // links simulated over the horizon per wall second
  std::vector<std::string> assumptions;
};

// Monte Carlo of a fleet of identical link positions. Each link draws the time of its (S+1)-th
// channel failure directly as an order statistic (inverting the Beta-distributed S+1-th uniform
// order statistic through the lifetime CDF), never stepping channels through time; the common
// parts draw one exponential; a failed link is replaced after an exponential repair time of mean
// MTTR and the new one starts fresh. Link i uses Rng(seed, kFleetLifetimes, i) only, so the
// result depends on the seed and not on the thread count.
FleetResult fleet_monte_carlo(const ReliabilityModel& model, std::uint64_t seed,
                              const FleetOptions& options);
FleetResult fleet_monte_carlo(const LinkSpec& spec, const FleetOptions& options);

}  // namespace mosaic::reliability

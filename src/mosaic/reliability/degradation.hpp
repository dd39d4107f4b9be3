#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/evaluate.hpp"

namespace mosaic::reliability {

// Per-channel microLED output loss (dB) at a given age: rate_i * (age_years * AF)^exponent, where
// rate_i is the spec's decay rate times a per-channel log-normal factor of mean 1 drawn from
// Rng(seed, kDegradation, channel) and AF the Arrhenius factor of the case temperature.
std::vector<double> led_decay_db(const LinkSpec& spec, int channels, double age_years);

struct DegradationOptions {
  int threads = 0;
  Progress* progress = nullptr;
  // The ages after 0 to evaluate, ascending (years); empty: reliability.degradation_steps evenly
  // over the service life.
  std::vector<double> ages_years;
};

// One re-evaluation of the link's channels by the physics engine.
struct DegradationStep {
  double age_years = 0.0;
  double mean_loss_db = 0.0;  // over the array
  double max_loss_db = 0.0;
  double worst_log10_ber_before = 0.0;  // worst active channel before this step's swaps
  double worst_log10_ber = 0.0;         // ... after them (what the link runs at)
  int swaps = 0;                        // channels swapped for spares at this step
  int spares_left = 0;                  // spares still meeting the target, unused
  bool failed = false;                  // an active channel over target and no spare to take over
};

struct DegradationResult {
  std::vector<DegradationStep> steps;  // at age 0 and then every life / degradation_steps
  // Live spares meeting the target at age 0 (at most array.spare_channels): the usable ones.
  int spares_at_start = 0;
  int spares_unusable_at_start = 0;  // spare positions whose best candidate misses the target
  int spares_used = 0;
  double worst_log10_ber = 0.0;  // worst active channel over life, after swaps
  bool failed = false;
  std::optional<double> failure_age_years;  // first step at which it failed
  int evaluations = 0;                      // physics evaluations run (ages after 0)
  std::vector<std::string> assumptions;
};

// Ages the microLEDs over the service life and re-runs phy::evaluate (bathtubs off) at each of
// reliability.degradation_steps ages after 0. Age 0 is the link as evaluated (`at_start`, with
// the lanes assign_roles gave it): its active channels stay active and its spares that meet
// reliability.degradation_ber_target are the usable ones. At each later age every active channel
// above the target is swapped for the best usable spare; the link fails when none is left.
DegradationResult simulate_degradation(const LinkSpec& spec, const phy::PhyResult& at_start,
                                       const link::LaneAssignment& lanes,
                                       const DegradationOptions& options = {});

}  // namespace mosaic::reliability

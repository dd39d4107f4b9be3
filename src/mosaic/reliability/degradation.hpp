#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/evaluate.hpp"

namespace mosaic::reliability {

// How the design's microLEDs age (reliability.ageing_model), at the case temperature and, for
// tm21, the junction temperature and current density of the nominal drive.
struct LedAgeing {
  AgeingModel model = AgeingModel::kTm21;
  double case_c = 0.0;
  double junction_c = 0.0;  // tm21: case + led.thermal_resistance_k_per_w x heat; else the case
  double heat_w = 0.0;      // tm21: per pixel at the nominal drive
  double current_density_a_per_cm2 = 0.0;  // tm21: effective (J^n averaged over the levels)
  double alpha_per_h = 0.0;                // tm21: nominal lumen-decay rate
  double acceleration_factor = 1.0;        // arrhenius_25c: from the reference temperature

  // The mean channel's output loss (dB) at an age (years).
  double nominal_loss_db(const ReliabilitySpec& r, double age_years) const;
};

LedAgeing led_ageing(const LinkSpec& spec);

// Per-channel microLED output loss (dB) at a given age: the nominal loss with the decay rate of
// channel i scaled by a log-normal factor of mean 1 (sigma reliability.led_decay_sigma) drawn
// from Rng(seed, kDegradation, i), the same at every age. tm21: -10 log10(B exp(-alpha_i t)) (no
// gain); arrhenius_25c: rate_i * (age_years * AF)^exponent.
std::vector<double> led_decay_db(const LinkSpec& spec, int channels, double age_years);

// The ageing model's entries for a record's `assumptions`: the law and its parameters, where
// the junction runs, and what TM-21's 6x rule and the anchors' range say about the service life.
std::vector<std::string> ageing_assumptions(const LinkSpec& spec);

struct DegradationOptions {
  int threads = 0;
  Progress* progress = nullptr;
  // The ages after 0 to evaluate, ascending (years); empty: reliability.degradation_steps evenly
  // over the service life.
  std::vector<double> ages_years;
  // Also the optical margin of the link as it stands at the last age, after its swaps
  // (phy::optical_margin_db over the channels active then), when that age does not fail.
  bool margin_at_end = false;
  // The evaluator of the link at age 0 (of this spec, its CTLE tuned by itself), when the caller
  // has one: the aged evaluations take its CTLE setting and pulse responses instead of computing
  // them again (a loss changes neither). Null: each age starts from the spec.
  phy::LinkEvaluator* fresh = nullptr;
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
  // With DegradationOptions::margin_at_end and no failure: the margin at the last age (none: an
  // ISI / crosstalk floor above the KP4 limit by then).
  bool end_margin_computed = false;
  std::optional<double> end_margin_db;
  int evaluations = 0;  // physics evaluations run (ages after 0)
  // log10 BER of every pixel at the last age evaluated (a dead pixel 0): what the failure-age
  // search interpolates between ages.
  std::vector<double> log10_ber_last;
  double last_age_years = 0.0;
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

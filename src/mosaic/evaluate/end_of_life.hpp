#pragma once

#include <optional>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/reliability/degradation.hpp"

namespace mosaic {

// The link at the end of its service life: its LEDs aged (reliability/degradation) and every
// active channel above reliability.degradation_ber_target swapped for a usable spare.
struct EndOfLife {
  double age_years = 0.0;  // the service life
  bool failed = false;     // a channel above the target with no usable spare left, by then
  // When it failed: the first age, to within life / 64, at which spares run out.
  std::optional<double> failure_age_years;
  int spares_at_start = 0;
  int spares_used = 0;
  double worst_log10_ber = 0.0;  // worst active channel at end of life, after swaps
  // When asked and the link lasts: the optical margin of the aged link at the end of its life,
  // its swaps made (none: an ISI / crosstalk floor above the KP4 limit by then).
  bool margin_computed = false;
  std::optional<double> optical_margin_db;
  int evaluations = 0;  // whole-array physics evaluations it took
};

// One evaluation at the end of life; only when that fails, a search for the age at which it first
// does (find_failure_age: ageing and swaps only accumulate, so the link that meets at the end met
// before).
// `aged`, when the caller already ran the stepwise ageing (simulate --degradation), stands for the
// evaluation at the end of life (run with DegradationOptions::margin_at_end = `margin`); a failure
// age is searched for all the same. `margin`: also the optical margin at the end of life. `fresh`:
// the evaluator at age 0, whose CTLE and pulses the aged evaluations reuse
// (DegradationOptions::fresh).
EndOfLife end_of_life(const LinkSpec& spec, const phy::PhyResult& at_start,
                      const link::LaneAssignment& lanes, int threads, bool margin,
                      const reliability::DegradationResult* aged = nullptr,
                      phy::LinkEvaluator* fresh = nullptr);

}  // namespace mosaic

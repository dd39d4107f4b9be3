#pragma once

#include <vector>

#include "mosaic/core/progress.hpp"
#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic {

// What to compute beside the per-channel statistical eye, lanes, power and reliability (which are
// always there). Nothing here changes a figure that is computed: only whether it is.
struct EvalOptions {
  int threads = 0;  // 0 = all cores; the evaluation does not depend on it (timing aside)
  Progress* progress = nullptr;
  bool margin = true;    // the optical margin (re-evaluates the weakest active channels)
  bool bathtubs = true;  // every channel's bathtub curves (off: only what BER and eye need)
  // Sweep mode: eye heights of every channel, or (off) of the worst active channel only.
  bool eye_heights = true;
  // With bathtubs off: still compute the worst active channel's (the report shows those), and
  // its eye heights when they were skipped.
  bool worst_bathtubs = false;
  // The link budget of the median and weakest active channels (evaluate/link_budget.hpp).
  bool link_budget = false;
  bool link_budget_every = false;  // ... of every active channel (LinkBudget::every)
  bool degradation = false;        // age the LEDs over the service life (reliability.degradation_*)
  // The link at the end of its service life for the verdict (one more evaluation of the array;
  // more only when it fails). Off: the verdict says the end of life was not checked.
  bool end_of_life = true;
  bool monte_carlo = false;  // the bit-true engine after the statistical eye (spec.mc: stop rules)
  std::vector<int> mc_channels;   // empty = every live channel
  std::vector<int> eye_channels;  // channels whose Monte Carlo eye diagram is kept
  Progress* mc_progress = nullptr;
};

// The one path from a design to its figures: physics of every channel, lane roles, link summary,
// optical margin, power, reliability (usable spares only) and, when asked, ageing and Monte
// Carlo, with the assumptions it all ran under. A pure function of the spec and its seed. The
// spec must have passed validate_design() (load_design does it).
Evaluation evaluate(const LinkSpec& spec, const EvalOptions& options = {});

}  // namespace mosaic

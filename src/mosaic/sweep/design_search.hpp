#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/options/design_options.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/sweep/evaluate_point.hpp"

namespace mosaic::sweep {

// What the design must achieve (payload, reach, temperature, FIT, margin) and where to keep what
// was tried: the design study's options.
using DesignGoal = study::DesignOptions;

// One design tried by the search, with its sweep-point outputs.
struct DesignCandidate {
  LinkSpec spec;
  PointResult result;  // outputs aligned with point_columns(); report_json kept
  double per_end_w = 0.0;
  bool feasible = false;
  std::string violation;  // the first constraint it misses ("" when feasible)
  std::string stage;      // "reference", "coarse", "refine", "tune"
};

struct DesignResult {
  DesignCandidate best;
  DesignCandidate reference;                // the family's preset at the goal's reach/temperature
  std::vector<DesignCandidate> runners_up;  // next feasible designs, fewest watts first
  std::vector<DesignCandidate> evaluated;   // every design tried, in evaluation order
  std::string binding;                      // which constraint stops a cheaper design
  std::string method;                       // the search method, in words
};

// Fewest watts per end that meet the goal (see docs/sweep.md): a coarse grid over data channels
// (the line rate follows from the host stream), ECC (none or the smallest SECDED) and spares,
// then refinement of the channel count between the cheapest feasible design and the next
// cheaper infeasible one, then the fewest spares that still meet the constraints. Throws
// ConfigError for a goal outside the allowed ranges, or when nothing searched is feasible.
DesignResult design_search(const DesignGoal& goal, Progress* progress = nullptr);

// The preset name of a payload (800 -> "800g", 1600 -> "1.6t", 3200 -> "3.2t").
std::string payload_preset(double payload_gbps);

}  // namespace mosaic::sweep

#pragma once

#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"

namespace mosaic {

// One probe of the reach search.
struct ReachProbe {
  double length_m = 0.0;
  bool meets = false;
};

struct ReachSearch {
  double reach_m = 0.0;  // the longest length probed that meets (0: none does)
  std::vector<ReachProbe> probes;
};

// A design's own reach: the longest fiber.length_m at which it meets its verdict (now and at end
// of life), by evaluation: a geometric walk from module.rated_reach_m (x1.25 up while it meets,
// /1.25 down while it does not) to bracket the edge, then bisection to `tolerance_m`. Assumes the
// verdict holds at every length below the reach (loss, dispersion and skew only grow with
// length). Longest probed: 1000 m. Every command that states a design's reach reads it.
ReachSearch physical_reach(const LinkSpec& design, double tolerance_m, int threads = 0,
                           Progress* progress = nullptr);

}  // namespace mosaic

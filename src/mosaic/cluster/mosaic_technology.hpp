#pragma once

#include <string>
#include <vector>

#include "mosaic/cluster/technology.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic::cluster {

// Whether an evaluated design does what a link must: every active channel at or below the KP4
// pre-FEC threshold and the data channels carrying the host stream. The one place the cluster
// layer judges a design, so that the verdict can be swapped here alone.
bool design_meets(const Evaluation& evaluation);

// One probe of the reach search.
struct ReachProbe {
  double length_m = 0.0;
  bool meets = false;
};

struct ReachSearch {
  double reach_m = 0.0;  // the longest length probed that meets (0: none does)
  std::vector<ReachProbe> probes;
};

// The longest fiber.length_m at which the design meets its verdict, by evaluation: a geometric
// walk from module.rated_reach_m (x1.25 up while it meets, /1.25 down while it does not) to
// bracket the edge, then bisection to `tolerance_m`. Assumes the verdict holds at every length
// below the reach (loss and dispersion only grow with length). Longest probed: 1000 m.
ReachSearch mosaic_reach(const LinkSpec& design, double tolerance_m, int threads = 0,
                         Progress* progress = nullptr);

// The design as a cluster technology: watts per end, link FIT at its case temperature and
// electronics latency from its evaluation as specified, and (when `search_reach`) its reach from
// mosaic_reach. `name` says what the design was built from. Throws
// ConfigError("links.mosaic_preset", ...) when its payload rate is not `rate_gbps`.
MosaicFigures mosaic_figures(const LinkSpec& design, const std::string& name, double rate_gbps,
                             double tolerance_m, bool search_reach, int threads = 0,
                             Progress* progress = nullptr);

}  // namespace mosaic::cluster

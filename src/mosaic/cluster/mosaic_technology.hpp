#pragma once

#include <string>
#include <vector>

#include "mosaic/cluster/technology.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/evaluate/reach.hpp"

namespace mosaic::cluster {

// Whether an evaluated design does what a link must: its verdict over the service life
// (evaluate/verdict.hpp).
bool design_meets(const Evaluation& evaluation);

// The design as a cluster technology: watts per end, link FIT at its case temperature and
// electronics latency from its evaluation as specified, and (when `search_reach`) its reach from
// physical_reach (evaluate/reach.hpp). `name` says what the design was built from. Throws
// ConfigError("links.mosaic_preset", ...) when its payload rate is not `rate_gbps`.
MosaicFigures mosaic_figures(const LinkSpec& design, const std::string& name, double rate_gbps,
                             double tolerance_m, bool search_reach, int threads = 0,
                             Progress* progress = nullptr);

}  // namespace mosaic::cluster

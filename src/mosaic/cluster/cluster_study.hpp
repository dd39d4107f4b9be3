#pragma once

#include <string>

#include "mosaic/cluster/cluster_result.hpp"
#include "mosaic/core/options/cluster_options.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/power/baseline.hpp"

namespace mosaic::cluster {

// Whether a study of this cluster needs the MOSAIC design's reach: MOSAIC is allowed, or it is
// compared (with `compare`).
bool needs_mosaic_reach(const ClusterSpec& spec, bool compare);

// The cluster study: every cable from the floor plan, its technology, the power per rack, the
// link failures in closed form and by the fleet Monte Carlo, the job's goodput and collectives,
// what other domain sizes do to them, the fleet-wide saving, and with options.compare every
// technology of links.compare side by side. `design` is the MOSAIC design (built by the front
// end from links.mosaic_*; `design_name` says from what), `catalog` the baselines (read by the
// front end). `mosaic`, when given, is the design's figures already resolved (a sweep resolves
// them once). A pure function of its inputs and cluster.seed, whatever options.threads.
ClusterResult evaluate_cluster(const ClusterSpec& spec, const LinkSpec& design,
                               const std::string& design_name,
                               const power::BaselineCatalog& catalog,
                               const study::ClusterOptions& options, Progress* progress = nullptr,
                               const MosaicFigures* mosaic = nullptr,
                               const reliability::FleetShare* share = nullptr);

// The MOSAIC figures evaluate_cluster would resolve for this cluster and design.
MosaicFigures resolve_mosaic(const ClusterSpec& spec, const LinkSpec& design,
                             const std::string& design_name, bool compare, int threads = 0,
                             Progress* progress = nullptr);

// What every cluster record rests on (docs/cluster.md gives the sources).
std::vector<std::string> cluster_assumptions(const ClusterResult& result);

}  // namespace mosaic::cluster

#pragma once

#include <cstddef>

#include "mosaic/sweep/cluster_point.hpp"
#include "mosaic/sweep/evaluate_point.hpp"
#include "mosaic/sweep/sweep_file.hpp"

namespace mosaic::sweep {

// Point `index` of any sweep: a design point (evaluate_point on point_spec) or, for a cluster
// sweep, a cluster point (`cluster` must then be given). The one call both runners make.
PointResult evaluate_sweep_point(const SweepDefinition& sweep, std::size_t index, int threads,
                                 const ClusterContext* cluster);

}  // namespace mosaic::sweep

#include "mosaic/sweep/sweep_point.hpp"

#include <stdexcept>

#include "mosaic/sweep/grid.hpp"

namespace mosaic::sweep {

PointResult evaluate_sweep_point(const SweepDefinition& sweep, std::size_t index, int threads,
                                 const ClusterContext* cluster) {
  if (!sweep.cluster)
    return evaluate_point(point_spec(sweep.base, sweep.grid, index), index, sweep.options, threads);
  if (!cluster) throw std::logic_error("a cluster sweep needs its prepared context");
  return evaluate_cluster_point(sweep, *cluster, index, threads);
}

}  // namespace mosaic::sweep

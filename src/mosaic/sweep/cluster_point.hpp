#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>

#include "mosaic/cluster/cluster_result.hpp"
#include "mosaic/power/baseline.hpp"
#include "mosaic/sweep/evaluate_point.hpp"
#include "mosaic/sweep/sweep_file.hpp"

namespace mosaic::sweep {

// One headline output of a cluster point (record type "cluster point"): the store's output
// columns, `mosaic pareto`'s objectives. NULL where the point is infeasible (a cable nothing
// reaches: cluster.feasible = 0).
struct ClusterColumn {
  std::string name;
  std::string unit;
  std::string doc;
  bool integer = false;
  std::function<double(const cluster::ClusterResult&)> value;
};

inline constexpr const char* kClusterPointRecordType = "cluster point";
inline constexpr const char* kFeasibleColumn = "cluster.feasible";

// cluster.feasible first, then the figures of the cluster as specified.
std::span<const ClusterColumn> cluster_point_columns();
int find_cluster_point_column(std::string_view name);

// What every point of a cluster sweep shares: the catalog (read by the front end) and, unless an
// axis changes the MOSAIC design (links.mosaic_*, links.rate_gbps, links.reach_tolerance_m), its
// figures resolved once.
struct ClusterContext {
  const power::BaselineCatalog* catalog = nullptr;
  std::optional<cluster::MosaicFigures> mosaic;
};

// Resolves the shared MOSAIC figures (the reach search runs once here, before any point).
ClusterContext prepare_cluster_sweep(const SweepDefinition& sweep,
                                     const power::BaselineCatalog& catalog, int threads = 0);

// Point `index` of a cluster sweep: its headline outputs and record (timing left out). A point
// whose cables nothing reaches is stored as infeasible, its record the reason.
PointResult evaluate_cluster_point(const SweepDefinition& sweep, const ClusterContext& context,
                                   std::size_t index, int threads = 1);

}  // namespace mosaic::sweep

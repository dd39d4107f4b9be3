#pragma once

#include <vector>

#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/core/cluster/fabric_counts.hpp"

namespace mosaic::cluster {

enum class RackKind { kCompute, kSpine, kLeaf, kCore };

// One rack on the floor. Compute racks hold GPUs (and their first-tier scale-up switch trays,
// and leaves when scale_out.copper_leaf); spine racks a domain's second scale-up tier; leaf
// racks a row's scale-out leaves (middle of the row); core racks the scale-out tiers above the
// leaves (rows in the middle of the floor).
struct Rack {
  RackKind kind = RackKind::kCompute;
  int row = 0;
  int slot = 0;  // position along the row
  double x_m = 0.0;
  double y_m = 0.0;
  int domain = -1;    // scale-up domain (compute racks spanning or sharing one; spine racks)
  int first_gpu = 0;  // compute racks
  int gpus = 0;
};

// A tray or switch: the rack it sits in and the height of its centre above the floor.
struct Place {
  int rack = 0;
  double height_m = 0.0;
};

// Where everything is. Racks in rows of floor.racks_per_row compute racks: a domain's racks in
// sequence with its spine racks in the middle, each row's leaf racks in its middle, the core
// rows in the middle of the floor.
struct FloorPlan {
  std::vector<Rack> racks;
  std::vector<int> compute;               // rack index of each compute rack, in GPU order
  std::vector<std::vector<int>> spine;    // per domain, its spine racks (scale_up.tiers = 2)
  std::vector<Place> leaves;              // per scale-out leaf
  std::vector<std::vector<Place>> upper;  // per scale-out tier above the leaves, per switch
  int rows = 0;
  double top_m = 0.0;  // height of a rack's top
};

inline constexpr double kRackUnitM = 0.04445;  // EIA-310

FloorPlan plan_floor(const ClusterSpec& spec);

// The compute tray of GPU `gpu`, and first-tier switch tray `tray` of compute rack `c`.
Place gpu_tray(const ClusterSpec& spec, const FloorPlan& plan, int gpu);
Place compute_switch_tray(const ClusterSpec& spec, const FloorPlan& plan, int c, int tray);
// Second-tier switch tray `tray` of domain `domain`.
Place spine_tray(const ClusterSpec& spec, const FloorPlan& plan, int domain, int tray);

// A cable's length between two places: inside a rack along its height; between neighbours of
// a row through their sides (floor.side_pass_through); otherwise up to the overhead tray, along
// the rows and across them (Manhattan) and down. Slack on the route, a service loop at each end.
double run_length_m(const ClusterSpec& spec, const FloorPlan& plan, const Place& a, const Place& b);
// Two different racks side by side in one row.
bool adjacent(const FloorPlan& plan, int rack_a, int rack_b);

}  // namespace mosaic::cluster

#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mosaic/cluster/floor_plan.hpp"
#include "mosaic/core/cluster/cluster_spec.hpp"

namespace mosaic::cluster {

enum class Fabric { kScaleUp, kScaleOut };

// Cables of one route: the same two racks and heights, hence the same length. Tier 1 runs from
// the GPUs to the first switch tier; tier t > 1 from switch tier t - 1 to tier t.
struct CableRun {
  Fabric fabric = Fabric::kScaleUp;
  int tier = 1;
  int rack_a = 0;  // the GPU's (lower tier's) end
  int rack_b = 0;
  double length_m = 0.0;
  std::int64_t cables = 0;
};

struct CablePlan {
  FloorPlan floor;
  std::vector<CableRun> runs;  // scale-up runs first, then scale-out, tier by tier
  std::int64_t cables() const;
};

// Every cable of both fabrics with its length. A bundle of links between a GPU (or a switch
// tray) and a switch tray takes ceil(bundle rate / links.rate_gbps) cables; a scale-out port
// ceil(port rate / links.rate_gbps).
CablePlan plan_cables(const ClusterSpec& spec);

// The runs of each fabric (called by plan_cables).
void add_scale_up_runs(const ClusterSpec& spec, const FloorPlan& plan, std::vector<CableRun>& runs);
void add_scale_out_runs(const ClusterSpec& spec, const FloorPlan& plan,
                        std::vector<CableRun>& runs);

// "scale-up tier 2", for messages and records.
std::string fabric_tier_name(Fabric fabric, int tier);
// A run as a person finds it: "a 63.2 m scale-out tier-3 cable from rack 12 (row 1, slot 4) to
// rack 140 (row 9, slot 0)".
std::string describe_run(const FloorPlan& plan, const CableRun& run);

}  // namespace mosaic::cluster

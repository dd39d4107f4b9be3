#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mosaic/cluster/assign.hpp"
#include "mosaic/cluster/cables.hpp"
#include "mosaic/cluster/cluster_power.hpp"
#include "mosaic/cluster/collectives.hpp"
#include "mosaic/cluster/failures.hpp"
#include "mosaic/cluster/fleet_savings.hpp"
#include "mosaic/cluster/goodput.hpp"
#include "mosaic/cluster/technology.hpp"
#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/core/cluster/fabric_counts.hpp"
#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::cluster {

// The cluster with one set of technologies: which cable gets which, the power, the failures, the
// job's goodput and its collectives.
struct ChoiceResult {
  std::string name;          // "as specified", or the technology --compare tried
  std::vector<int> allowed;  // indices into ClusterResult::technologies
  Assignment assignment;
  ClusterPower power;
  LinkFailures failures;
  Goodput goodput;
  Topology topology;  // the job's ranks over its domains, with this choice's latencies
  std::vector<std::vector<CollectiveTime>> collectives;  // per workload.message_bytes
  std::vector<double> mix_s;  // per message size: the collective mix's expected time
};

// Lengths of one fabric tier's cables.
struct TierLengths {
  Fabric fabric = Fabric::kScaleUp;
  int tier = 1;
  std::int64_t cables = 0;
  double min_m = 0.0;
  double mean_m = 0.0;
  double max_m = 0.0;
  std::int64_t cross_rack = 0;  // cables between two racks
  std::int64_t adjacent = 0;    // ... side by side in a row
  // Cables between two racks no longer than the catalog's passive copper (dac) reach at the
  // rate: the only ones a copper cable without electronics could serve.
  std::int64_t cross_rack_copper_reach = 0;
  std::vector<std::int64_t> per_technology;  // of the cluster as specified
};

// Cables per length bin and technology, of the cluster as specified.
struct LengthHistogram {
  double bin_m = 1.0;
  std::vector<std::vector<std::int64_t>> counts;  // [technology][bin]; bin i is [i, i+1) bin_m
};

// What a bigger (or smaller) scale-up domain does to the job's collectives at the largest
// message size: the fastest algorithm of each collective and the mix.
struct DomainScaling {
  int domain = 0;
  std::vector<CollectiveTime> fastest;  // one per collective
  double mix_s = 0.0;
};

struct ClusterResult {
  ClusterSpec spec;
  LinkSpec design;       // the MOSAIC design
  MosaicFigures mosaic;  // reach_m = 0 when MOSAIC is not among the technologies used
  bool mosaic_reach_searched = false;
  std::vector<Technology> technologies;  // links.technologies, then links.compare's others
  double copper_reach_m = 0.0;  // the catalog's passive copper (dac) at links.rate_gbps, if any
  ScaleUpCounts scale_up;
  ScaleOutCounts scale_out;
  CablePlan cables;
  std::vector<TierLengths> tiers;
  LengthHistogram histogram;
  ChoiceResult specified;
  std::vector<ChoiceResult> compare;  // with options.compare
  ClusterFleet fleet;                 // the cluster as specified
  std::vector<DomainScaling> scaling;
  FleetSavings savings;
  std::vector<std::string> assumptions;
  double wall_s = 0.0;
};

}  // namespace mosaic::cluster

#pragma once

#include <string>
#include <vector>

#include "mosaic/cluster/cluster_result.hpp"

namespace mosaic::cluster {

// Flight time in a cable: light in glass and signals in twinax both travel at about 2/3 c.
inline constexpr double kFlightNsPerM = 5.0;

// The job's ranks over domains of `domain` GPUs. Bandwidth per GPU and direction: scale-up
// links x lanes x lane rate; scale-out NIC ports x port rate. A step's latency: the tier's
// scale_*.step_latency_us plus, through every switch tier of the fabric and back, each tier's
// mean cable (electronics of its technology and flight). A job larger than the domain crosses
// the scale-out tier (at its rates even where the cluster has none, as the network a smaller
// domain would need).
Topology job_topology(const ClusterSpec& spec, const CablePlan& plan,
                      const std::vector<Technology>& list, const Assignment& assignment,
                      int domain);

// The cluster on the technologies `allowed` (cheapest first, as assign_technologies), with
// `fallback` for the cables none of them reaches.
ChoiceResult evaluate_choice(const ClusterSpec& spec, const CablePlan& plan,
                             const std::vector<Technology>& list, const std::string& name,
                             const std::vector<int>& allowed, const std::vector<int>& fallback);

// The expected time of one collective of m bytes drawn from the workload's mix (each
// collective's fastest algorithm, weighted by its share).
double mix_time_s(const WorkloadSpec& workload, const std::vector<CollectiveTime>& times);

}  // namespace mosaic::cluster

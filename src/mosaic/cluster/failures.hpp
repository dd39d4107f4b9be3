#pragma once

#include <cstdint>
#include <vector>

#include "mosaic/cluster/assign.hpp"
#include "mosaic/cluster/technology.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/math/confidence.hpp"
#include "mosaic/reliability/fleet.hpp"

namespace mosaic::cluster {

// Link failures of the cluster in closed form: FIT per link x links, summed over technologies.
struct LinkFailures {
  std::vector<double> fit;  // per technology of the list: cables x link FIT
  // Per technology of the list: the time between link failures if every cable of the cluster
  // were that technology (reach aside): the cluster's count at that technology's FIT.
  std::vector<double> mtbf_if_all_h;
  double cluster_fit = 0.0;
  double mtbf_h = 0.0;  // 1e9 / cluster_fit (infinity when nothing can fail)
  double failures_per_day = 0.0;
  // A synchronous job of `job_gpus` stops when a link on its share of the fabrics fails
  // (job_gpus / gpus of every fabric's links) or for any other cause (workload.other_fit_per_gpu
  // per GPU).
  int job_gpus = 0;
  double job_link_fit = 0.0;
  double job_other_fit = 0.0;
  double job_mtbf_h = 0.0;
  double job_interruptions_per_day = 0.0;
  double job_network_share = 0.0;  // of the job's interruptions, those from links
};

LinkFailures link_failures(const ClusterSpec& spec, const std::vector<Technology>& list,
                           const Assignment& assignment);

// The cluster's links over cluster.service_life_years by the fleet Monte Carlo, one fleet per
// technology in use: MOSAIC links with the design's channels, spares and common parts; a
// catalog link as one exponential part at its link FIT. Failed links are replaced after an
// exponential repair of mean cluster.mttr_h. Technology k draws from seed cluster.seed mixed
// with k, so the result depends on the seed alone, whatever the thread count or, with `share`,
// the number of processes the links are spread over.
struct FleetTechnology {
  int technology = 0;
  reliability::FleetResult fleet;
  double expected_failures = 0.0;  // closed form: links x horizon x FIT (no repair time)
};

struct ClusterFleet {
  std::vector<FleetTechnology> per_technology;
  double years = 0.0;
  std::int64_t failures = 0;
  double expected_failures = 0.0;
  Interval failures_ci;  // Garwood at cluster.confidence
  double mtbf_h = 0.0;
  Interval mtbf_ci_h;
  double wall_s = 0.0;
};

ClusterFleet cluster_fleet(const ClusterSpec& spec, const std::vector<Technology>& list,
                           const Assignment& assignment, const LinkSpec& design,
                           const MosaicFigures& mosaic, int threads,
                           const reliability::FleetShare* share = nullptr);

}  // namespace mosaic::cluster

#pragma once

#include <cstdint>
#include <vector>

#include "mosaic/cluster/assign.hpp"
#include "mosaic/cluster/cables.hpp"
#include "mosaic/cluster/technology.hpp"

namespace mosaic::cluster {

struct RackPower {
  int rack = 0;
  RackKind kind = RackKind::kCompute;
  double it_kw = 0.0;            // GPUs and switches, cable ends aside
  double interconnect_kw = 0.0;  // the cable ends in this rack
  double total_kw = 0.0;
  std::int64_t module_ends = 0;  // ends of technologies with modules (optics, MOSAIC)
  bool fits = true;              // within rack.power_limit_kw and the cooling's capacity
};

struct ClusterPower {
  std::vector<RackPower> racks;    // every rack, floor order
  std::vector<std::int64_t> ends;  // per technology of the list: 2 per cable
  std::vector<double> kw;          // per technology: ends x watts per end
  std::int64_t modules = 0;        // ends of technologies with modules
  double module_kw = 0.0;
  double interconnect_kw = 0.0;  // every cable end, copper included
  double it_kw = 0.0;
  double total_kw = 0.0;
  double interconnect_share = 0.0;  // interconnect / total
  double limit_kw = 0.0;            // the lower of the power feed and the cooling, per rack
  int racks_over_limit = 0;
  double max_rack_kw = 0.0;
};

// Watts per end x ends per technology, summed into the racks the ends sit in, beside the IT
// power of each rack: GPUs at rack.base_w_per_gpu, scale-up switch trays at rack.switch_tray_w,
// scale-out switches at scale_out.switch_w.
ClusterPower cluster_power(const ClusterSpec& spec, const CablePlan& plan,
                           const std::vector<Technology>& list, const Assignment& assignment);

}  // namespace mosaic::cluster

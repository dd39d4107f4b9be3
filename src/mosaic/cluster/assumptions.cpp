#include <fmt/format.h>

#include "mosaic/cluster/cluster_study.hpp"

namespace mosaic::cluster {

std::vector<std::string> cluster_assumptions(const ClusterResult& r) {
  const ClusterSpec& s = r.spec;
  std::vector<std::string> a = {
      "cluster: cable lengths come from an idealised floor plan (racks in rows at a fixed "
      "pitch, switch trays in the middle of each compute rack, runs inside a rack along its "
      "height, between racks up to an overhead tray and along and across the rows), with slack "
      "on the route and a service loop at each end; real routes add bends and detours",
      "cluster: each cable gets the allowed technology with the fewest watts per end that "
      "reaches it (the catalog has no prices; ties go to the lower link FIT)",
      "cluster: a bundle of links between two trays travels in ceil(rate / links.rate_gbps) "
      "cables of the catalog's rate class, each with one module (or copper end) per end",
      "cluster: catalog FIT and power figures are taken as given, not temperature-scaled; "
      "MOSAIC's link FIT is the design's own at its case temperature",
      "cluster: link failures are independent and exponential in closed form (FIT x links); "
      "the fleet Monte Carlo adds MOSAIC's channel spares and repairs after cluster.mttr_h",
      "cluster: a synchronous job stops at a failure of any link in its share (job GPUs / "
      "cluster GPUs) of every fabric, or at a non-network interruption "
      "(workload.other_fit_per_gpu per GPU, calibrated to Llama 3's 54-day run)",
      "cluster: goodput from Daly's complete checkpoint/restart model at his higher-order "
      "optimal interval; checkpoint and restart times are inputs, not modelled",
      "cluster: collective times are alpha-beta costs on an uncongested fabric (full "
      "bisection, no contention, no protocol overheads, no compute overlap); a packet-level "
      "simulator would add queueing, congestion control and adaptive routing",
      fmt::format("cluster: a collective step's latency is scale_*.step_latency_us plus the "
                  "mean cable of each switch tier crossed there and back (electronics of its "
                  "technology and {:g} ns/m of flight)",
                  5.0),
      "cluster: IT power per GPU (rack.base_w_per_gpu) and per switch tray or switch are "
      "assumptions; a rack fits when its total is within rack.power_limit_kw and the cooling "
      "class's capacity",
  };
  if (r.mosaic_reach_searched)
    a.push_back(fmt::format(
        "cluster: MOSAIC's reach ({:.4g} m) is the longest fiber.length_m at which the design "
        "meets its verdict (every active channel within KP4, capacity met), found by bisection "
        "to {:g} m assuming the verdict holds at every shorter length",
        r.mosaic.reach_m, s.links.reach_tolerance_m));
  if (s.scale_out.tiers > 0)
    a.push_back(
        "cluster: the scale-out fat tree has full bisection; leaves sit in the middle of their "
        "row (or in the racks with scale_out.copper_leaf), every higher tier in core rows in "
        "the middle of the floor; its switch count scales the full tree to the ports used");
  return a;
}

}  // namespace mosaic::cluster

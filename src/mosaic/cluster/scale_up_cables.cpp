#include <cmath>
#include <cstdint>
#include <vector>

#include "mosaic/cluster/cables.hpp"

namespace mosaic::cluster {
namespace {

std::int64_t cables_for(std::int64_t links, double link_gbps, double cable_gbps) {
  return static_cast<std::int64_t>(std::ceil(links * link_gbps / cable_gbps - 1e-9));
}

// Where first-tier tray `tray` of a group sits. The group is a domain (tiers = 1) or one compute
// rack of it (tiers = 2).
Place l1_tray(const ClusterSpec& s, const FloorPlan& plan, const ScaleUpCounts& c, int domain,
              int group_rack, int tray) {
  if (s.scale_up.tiers == 2) return compute_switch_tray(s, plan, group_rack, tray);
  const int first_gpu = domain * s.scale_up.domain_gpus;
  if (s.scale_up.domain_gpus >= s.rack.gpus) {
    const int rack = first_gpu / s.rack.gpus + tray / c.l1_trays_per_rack;
    return compute_switch_tray(s, plan, rack, tray % c.l1_trays_per_rack);
  }
  // Domains sharing a rack take its trays in turn.
  const int rack = first_gpu / s.rack.gpus;
  const int offset = (domain % c.domains_per_rack) * c.l1_trays_per_group;
  return compute_switch_tray(s, plan, rack, offset + tray);
}

// The GPUs of one group to its first-tier chips: GPU i's link l goes to chip (i L + l) mod C,
// so every GPU spreads over distinct chips and every chip takes the same number of links.
// Cables are counted per GPU and switch tray, then merged per compute tray (same route).
void group_runs(const ClusterSpec& s, const FloorPlan& plan, const ScaleUpCounts& c, int domain,
                int group_rack, int first_gpu, std::vector<CableRun>& runs) {
  const ScaleUpSpec& u = s.scale_up;
  const int gpus = c.group_gpus;
  const int trays = c.l1_trays_per_group;
  const int per_tray = s.rack.gpus_per_tray;
  const int gpu_trays = (gpus + per_tray - 1) / per_tray;
  std::vector<std::int64_t> merged(static_cast<std::size_t>(gpu_trays) * trays, 0);
  std::vector<std::int64_t> links(trays);
  for (int i = 0; i < gpus; ++i) {
    std::fill(links.begin(), links.end(), 0);
    for (int l = 0; l < u.links_per_gpu; ++l) {
      const std::int64_t chip = (std::int64_t{i} * u.links_per_gpu + l) % c.l1_chips_per_group;
      ++links[chip / u.chips_per_tray];
    }
    for (int t = 0; t < trays; ++t)
      if (links[t] > 0)
        merged[static_cast<std::size_t>(i / per_tray) * trays + t] +=
            cables_for(links[t], u.link_gbps(), s.links.rate_gbps);
  }
  for (int g = 0; g < gpu_trays; ++g)
    for (int t = 0; t < trays; ++t) {
      const std::int64_t n = merged[static_cast<std::size_t>(g) * trays + t];
      if (n == 0) continue;
      const Place a = gpu_tray(s, plan, first_gpu + g * per_tray);
      const Place b = l1_tray(s, plan, c, domain, group_rack, t);
      runs.push_back({Fabric::kScaleUp, 1, a.rack, b.rack, run_length_m(s, plan, a, b), n});
    }
}

// First tier to second, per domain: chip c' (c' = rack r x C + c) sends uplink k to second-tier
// chip (c' x up + k) mod C2; bundles per pair of trays.
void spine_runs(const ClusterSpec& s, const FloorPlan& plan, const ScaleUpCounts& c, int domain,
                std::vector<CableRun>& runs) {
  const ScaleUpSpec& u = s.scale_up;
  const int up = u.switch_ports - c.down_ports;
  const int l1_trays = c.l1_trays_per_group * c.racks_per_domain;
  std::vector<std::int64_t> links(static_cast<std::size_t>(l1_trays) * c.l2_trays, 0);
  const std::int64_t chips = std::int64_t{c.l1_chips_per_group} * c.racks_per_domain;
  for (std::int64_t chip = 0; chip < chips; ++chip)
    for (int k = 0; k < up; ++k) {
      const std::int64_t target = (chip * up + k) % c.l2_chips;
      ++links[static_cast<std::size_t>(chip / u.chips_per_tray) * c.l2_trays +
              target / u.chips_per_tray];
    }
  const int first_rack = domain * c.racks_per_domain;
  for (int t1 = 0; t1 < l1_trays; ++t1)
    for (int t2 = 0; t2 < c.l2_trays; ++t2) {
      const std::int64_t n = links[static_cast<std::size_t>(t1) * c.l2_trays + t2];
      if (n == 0) continue;
      const int rack = first_rack + t1 / c.l1_trays_per_group;
      const Place a = compute_switch_tray(s, plan, rack, t1 % c.l1_trays_per_group);
      const Place b = spine_tray(s, plan, domain, t2);
      runs.push_back({Fabric::kScaleUp, 2, a.rack, b.rack, run_length_m(s, plan, a, b),
                      cables_for(n, u.link_gbps(), s.links.rate_gbps)});
    }
}

}  // namespace

void add_scale_up_runs(const ClusterSpec& s, const FloorPlan& plan, std::vector<CableRun>& runs) {
  if (s.scale_up.tiers == 0) return;  // on one board: traces, not cables
  const ScaleUpCounts c = scale_up_counts(s);
  for (int d = 0; d < c.domains; ++d) {
    const int first_gpu = d * s.scale_up.domain_gpus;
    if (s.scale_up.tiers == 1) {
      group_runs(s, plan, c, d, -1, first_gpu, runs);
      continue;
    }
    for (int r = 0; r < c.racks_per_domain; ++r)
      group_runs(s, plan, c, d, d * c.racks_per_domain + r, first_gpu + r * s.rack.gpus, runs);
    spine_runs(s, plan, c, d, runs);
  }
}

}  // namespace mosaic::cluster

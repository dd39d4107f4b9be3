#include "mosaic/core/cluster/fabric_counts.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic {
namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return b > 0 ? (a + b - 1) / b : 0;
}

}  // namespace

int compute_racks(const ClusterSpec& s) {
  return static_cast<int>(ceil_div(s.cluster.gpus, s.rack.gpus));
}

int compute_trays_per_rack(const ClusterSpec& s) {
  return static_cast<int>(ceil_div(s.rack.gpus, s.rack.gpus_per_tray));
}

ScaleUpCounts scale_up_counts(const ClusterSpec& s) {
  const ScaleUpSpec& u = s.scale_up;
  ScaleUpCounts c;
  c.domains = s.cluster.gpus / u.domain_gpus;
  c.racks_per_domain = std::max(1, u.domain_gpus / s.rack.gpus);
  c.domains_per_rack = std::max(1, s.rack.gpus / u.domain_gpus);
  if (u.tiers == 0) return c;
  c.group_gpus = u.tiers == 2 ? s.rack.gpus : u.domain_gpus;
  c.down_ports = u.tiers == 2 ? u.switch_ports / 2 : u.switch_ports;
  c.l1_chips_per_group =
      static_cast<int>(ceil_div(std::int64_t{c.group_gpus} * u.links_per_gpu, c.down_ports));
  c.l1_trays_per_group = static_cast<int>(ceil_div(c.l1_chips_per_group, u.chips_per_tray));
  if (u.tiers == 2) {
    c.l1_trays_per_rack = c.l1_trays_per_group;
    // Every first-tier chip sends half its links up; a second-tier chip takes all of its own.
    const std::int64_t up_links =
        std::int64_t{c.l1_chips_per_group} * c.racks_per_domain * (u.switch_ports - c.down_ports);
    c.l2_chips = static_cast<int>(ceil_div(up_links, u.switch_ports));
    c.l2_trays = static_cast<int>(ceil_div(c.l2_chips, u.chips_per_tray));
    c.l2_trays_per_spine_rack =
        u.spine_racks > 0 ? static_cast<int>(ceil_div(c.l2_trays, u.spine_racks)) : 0;
  } else if (u.domain_gpus >= s.rack.gpus) {
    c.l1_trays_per_rack = static_cast<int>(ceil_div(c.l1_trays_per_group, c.racks_per_domain));
  } else {
    c.l1_trays_per_rack = c.l1_trays_per_group * c.domains_per_rack;
  }
  return c;
}

ScaleOutCounts scale_out_counts(const ClusterSpec& s) {
  const ScaleOutSpec& o = s.scale_out;
  ScaleOutCounts c;
  if (o.tiers == 0) return c;
  c.ports = std::int64_t{s.cluster.gpus} * o.ports_per_gpu;
  const std::int64_t k = o.radix;
  const std::int64_t half = k / 2;
  // A one-tier "tree" is a single switch layer with every port down.
  c.leaf_down = static_cast<int>(o.tiers == 1 ? k : half);
  double capacity = 2.0 * std::pow(static_cast<double>(half), o.tiers);
  if (o.tiers == 1) capacity = static_cast<double>(k);
  c.capacity = static_cast<std::int64_t>(std::min(capacity, 9e18));
  for (int t = 1; t <= o.tiers; ++t)
    c.switches.push_back(ceil_div(c.ports, t == o.tiers ? k : half));
  c.switches_scaled = ceil_div((2 * o.tiers - 1) * c.ports, k);
  c.leaves_in_rack_max =
      static_cast<int>(ceil_div(std::int64_t{s.rack.gpus} * o.ports_per_gpu, c.leaf_down)) + 1;
  return c;
}

double compute_rack_units(const ClusterSpec& s) {
  const ScaleUpCounts u = scale_up_counts(s);
  double used = compute_trays_per_rack(s) * s.rack.compute_tray_u +
                u.l1_trays_per_rack * s.rack.switch_tray_u + s.rack.reserved_u;
  if (s.scale_out.tiers > 0 && s.scale_out.copper_leaf)
    used += scale_out_counts(s).leaves_in_rack_max * s.scale_out.switch_u;
  return used;
}

double spine_rack_units(const ClusterSpec& s) {
  return scale_up_counts(s).l2_trays_per_spine_rack * s.rack.switch_tray_u + s.rack.reserved_u;
}

}  // namespace mosaic

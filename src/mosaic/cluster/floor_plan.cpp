#include "mosaic/cluster/floor_plan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace mosaic::cluster {
namespace {

// Heights inside a compute rack, bottom up: half the reserved units, the lower half of the
// compute trays, the first-tier switch trays (in the middle, as NVL72 racks place them), the
// upper compute trays, the leaves of a copper-leaf network, the other half of the reserved.
struct ComputeStack {
  double reserved_bottom = 0.0;
  int below = 0;
  int trays = 0;
  int switch_trays = 0;
};

ComputeStack compute_stack(const ClusterSpec& s) {
  ComputeStack k;
  k.reserved_bottom = s.rack.reserved_u / 2.0;
  k.trays = compute_trays_per_rack(s);
  k.below = k.trays / 2;
  k.switch_trays = scale_up_counts(s).l1_trays_per_rack;
  return k;
}

double height(const ClusterSpec& s, double unit_centre) {
  return s.floor.first_u_m + unit_centre * kRackUnitM;
}

double leaf_height_in_compute_rack(const ClusterSpec& s, int index) {
  const ComputeStack k = compute_stack(s);
  const double u = k.reserved_bottom + k.trays * s.rack.compute_tray_u +
                   k.switch_trays * s.rack.switch_tray_u + (index + 0.5) * s.scale_out.switch_u;
  return height(s, u);
}

double network_switch_height(const ClusterSpec& s, int index) {
  return height(s, s.rack.reserved_u / 2.0 + (index + 0.5) * s.scale_out.switch_u);
}

// Racks in floor order before rows are cut: each domain's compute racks with its spine racks
// after the first half of them.
std::vector<Rack> rack_sequence(const ClusterSpec& s, FloorPlan& plan) {
  const ScaleUpCounts u = scale_up_counts(s);
  const int n_compute = compute_racks(s);
  std::vector<Rack> seq;
  plan.spine.assign(u.domains, {});
  for (int c = 0; c < n_compute; ++c) {
    Rack r;
    r.kind = RackKind::kCompute;
    r.first_gpu = c * s.rack.gpus;
    r.gpus = std::min(s.rack.gpus, s.cluster.gpus - r.first_gpu);
    r.domain = r.first_gpu / s.scale_up.domain_gpus;
    seq.push_back(r);
    const int in_domain = c % u.racks_per_domain;
    if (s.scale_up.tiers == 2 && in_domain == (u.racks_per_domain - 1) / 2)
      for (int k = 0; k < s.scale_up.spine_racks; ++k) {
        Rack sp;
        sp.kind = RackKind::kSpine;
        sp.domain = r.domain;
        seq.push_back(sp);
      }
  }
  return seq;
}

}  // namespace

FloorPlan plan_floor(const ClusterSpec& s) {
  FloorPlan plan;
  const ScaleOutCounts o = scale_out_counts(s);
  const bool network = s.scale_out.tiers > 0;
  const int per_rack = s.scale_out.switches_per_rack;

  // Rows of racks_per_row compute racks (spine racks ride along with their domain).
  std::vector<std::vector<Rack>> rows;
  for (const Rack& r : rack_sequence(s, plan)) {
    const auto computes = [](const std::vector<Rack>& row) {
      return std::count_if(row.begin(), row.end(),
                           [](const Rack& x) { return x.kind == RackKind::kCompute; });
    };
    if (rows.empty() ||
        (r.kind == RackKind::kCompute && computes(rows.back()) >= s.floor.racks_per_row))
      rows.emplace_back();
    rows.back().push_back(r);
  }
  const int compute_rows = static_cast<int>(rows.size());

  // The leaf of GPU port i is i / leaf_down; a leaf sits with the GPU of its first port.
  std::vector<std::vector<int>> leaves_of_row(compute_rows);
  std::vector<int> row_of_compute;
  for (int r = 0; r < compute_rows; ++r)
    for (const Rack& x : rows[r])
      if (x.kind == RackKind::kCompute) row_of_compute.push_back(r);
  const std::int64_t n_leaves = network ? o.switches[0] : 0;
  std::vector<int> leaf_compute(n_leaves);
  for (std::int64_t j = 0; j < n_leaves; ++j) {
    const std::int64_t gpu = j * o.leaf_down / s.scale_out.ports_per_gpu;
    leaf_compute[j] = static_cast<int>(gpu / s.rack.gpus);
    if (!s.scale_out.copper_leaf)
      leaves_of_row[row_of_compute[leaf_compute[j]]].push_back(static_cast<int>(j));
  }
  if (network && !s.scale_out.copper_leaf)
    for (int r = 0; r < compute_rows; ++r) {
      const int n = static_cast<int>((leaves_of_row[r].size() + per_rack - 1) / per_rack);
      std::vector<Rack>& row = rows[r];
      const auto middle = row.begin() + static_cast<std::ptrdiff_t>(row.size() / 2);
      row.insert(middle, n, Rack{RackKind::kLeaf});
    }

  // Core rows in the middle of the floor.
  std::int64_t upper_switches = 0;
  for (std::size_t t = 1; t < o.switches.size(); ++t) upper_switches += o.switches[t];
  const std::int64_t core_racks = (upper_switches + per_rack - 1) / per_rack;
  std::vector<std::vector<Rack>> core_rows;
  for (std::int64_t k = 0; k < core_racks; ++k) {
    if (core_rows.empty() ||
        static_cast<int>(core_rows.back().size()) >= std::max(s.floor.racks_per_row, 1))
      core_rows.emplace_back();
    core_rows.back().push_back(Rack{RackKind::kCore});
  }
  rows.insert(rows.begin() + compute_rows / 2 + (compute_rows % 2), core_rows.begin(),
              core_rows.end());

  // Positions, and the index lists every fabric looks racks up by. Rows holding compute racks
  // keep their order around the core rows: compute row k is floor row floor_row_of[k].
  std::vector<int> floor_row_of;
  std::vector<std::vector<int>> leaf_racks_of_row(rows.size());
  std::vector<int> core_rack_index;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    if (rows[r].front().kind != RackKind::kCore) floor_row_of.push_back(r);
    for (int slot = 0; slot < static_cast<int>(rows[r].size()); ++slot) {
      Rack x = rows[r][slot];
      x.row = r;
      x.slot = slot;
      x.x_m = slot * s.floor.rack_pitch_m;
      x.y_m = r * s.floor.row_pitch_m;
      const int index = static_cast<int>(plan.racks.size());
      if (x.kind == RackKind::kCompute) plan.compute.push_back(index);
      if (x.kind == RackKind::kSpine) plan.spine[x.domain].push_back(index);
      if (x.kind == RackKind::kLeaf) leaf_racks_of_row[r].push_back(index);
      if (x.kind == RackKind::kCore) core_rack_index.push_back(index);
      plan.racks.push_back(x);
    }
  }
  plan.rows = static_cast<int>(rows.size());
  plan.top_m = s.floor.first_u_m + s.rack.units * kRackUnitM;

  // Every leaf's place.
  plan.leaves.resize(n_leaves);
  std::vector<int> placed(plan.racks.size(), 0);
  for (int r = 0; r < compute_rows; ++r) {
    const auto& racks = leaf_racks_of_row[floor_row_of[r]];
    for (std::size_t k = 0; k < leaves_of_row[r].size(); ++k) {
      const int rack = racks[k / per_rack];
      plan.leaves[leaves_of_row[r][k]] = {rack,
                                          network_switch_height(s, static_cast<int>(k % per_rack))};
    }
  }
  if (s.scale_out.copper_leaf)
    for (std::int64_t j = 0; j < n_leaves; ++j) {
      const int rack = plan.compute[leaf_compute[j]];
      plan.leaves[j] = {rack, leaf_height_in_compute_rack(s, placed[rack]++)};
    }
  std::int64_t q = 0;
  for (std::size_t t = 1; t < o.switches.size(); ++t) {
    plan.upper.emplace_back();
    for (std::int64_t i = 0; i < o.switches[t]; ++i, ++q)
      plan.upper.back().push_back({core_rack_index[q / per_rack],
                                   network_switch_height(s, static_cast<int>(q % per_rack))});
  }
  return plan;
}

Place gpu_tray(const ClusterSpec& s, const FloorPlan& plan, int gpu) {
  const ComputeStack k = compute_stack(s);
  const int c = gpu / s.rack.gpus;
  const int tray = (gpu % s.rack.gpus) / s.rack.gpus_per_tray;
  double u = k.reserved_bottom + (tray + 0.5) * s.rack.compute_tray_u;
  if (tray >= k.below) u += k.switch_trays * s.rack.switch_tray_u;
  return {plan.compute[c], height(s, u)};
}

Place compute_switch_tray(const ClusterSpec& s, const FloorPlan& plan, int c, int tray) {
  const ComputeStack k = compute_stack(s);
  const double u =
      k.reserved_bottom + k.below * s.rack.compute_tray_u + (tray + 0.5) * s.rack.switch_tray_u;
  return {plan.compute[c], height(s, u)};
}

Place spine_tray(const ClusterSpec& s, const FloorPlan& plan, int domain, int tray) {
  const int per = scale_up_counts(s).l2_trays_per_spine_rack;
  const int rack = plan.spine[domain][tray / per];
  return {rack, height(s, s.rack.reserved_u / 2.0 + (tray % per + 0.5) * s.rack.switch_tray_u)};
}

bool adjacent(const FloorPlan& plan, int a, int b) {
  const Rack& x = plan.racks[a];
  const Rack& y = plan.racks[b];
  return a != b && x.row == y.row && std::abs(x.slot - y.slot) == 1;
}

double run_length_m(const ClusterSpec& s, const FloorPlan& plan, const Place& a, const Place& b) {
  const Rack& x = plan.racks[a.rack];
  const Rack& y = plan.racks[b.rack];
  const double rise = std::abs(a.height_m - b.height_m);
  double route;
  if (a.rack == b.rack) {
    route = rise;
  } else if (s.floor.side_pass_through && adjacent(plan, a.rack, b.rack)) {
    route = s.floor.rack_pitch_m + rise;
  } else {
    const double tray = plan.top_m + s.floor.overhead_m;
    route = (tray - a.height_m) + (tray - b.height_m) + std::abs(x.x_m - y.x_m) +
            std::abs(x.y_m - y.y_m);
  }
  return route * (1.0 + s.floor.slack_fraction) + 2.0 * s.floor.service_loop_m;
}

}  // namespace mosaic::cluster

#include "mosaic/cluster/cluster_power.hpp"

#include <algorithm>

namespace mosaic::cluster {
namespace {

// IT power of every rack: GPUs, scale-up switch trays and scale-out switches where they sit.
std::vector<double> it_watts(const ClusterSpec& s, const FloorPlan& plan) {
  std::vector<double> w(plan.racks.size(), 0.0);
  const ScaleUpCounts u = scale_up_counts(s);
  for (std::size_t i = 0; i < plan.racks.size(); ++i) {
    const Rack& r = plan.racks[i];
    if (r.kind == RackKind::kCompute)
      w[i] = r.gpus * s.rack.base_w_per_gpu + u.l1_trays_per_rack * s.rack.switch_tray_w;
  }
  for (const auto& racks : plan.spine) {
    int left = u.l2_trays;
    for (const int rack : racks) {
      const int here = std::min(left, u.l2_trays_per_spine_rack);
      w[rack] += here * s.rack.switch_tray_w;
      left -= here;
    }
  }
  for (const Place& p : plan.leaves) w[p.rack] += s.scale_out.switch_w;
  for (const auto& tier : plan.upper)
    for (const Place& p : tier) w[p.rack] += s.scale_out.switch_w;
  return w;
}

}  // namespace

ClusterPower cluster_power(const ClusterSpec& s, const CablePlan& plan,
                           const std::vector<Technology>& list, const Assignment& a) {
  ClusterPower p;
  const std::size_t n = plan.floor.racks.size();
  std::vector<double> ends_w(n, 0.0);
  std::vector<std::int64_t> modules(n, 0);
  p.ends.assign(list.size(), 0);
  p.kw.assign(list.size(), 0.0);
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    const CableRun& run = plan.runs[i];
    const Technology& t = list[a.technology[i]];
    p.ends[a.technology[i]] += 2 * run.cables;
    for (const int rack : {run.rack_a, run.rack_b}) {
      ends_w[rack] += run.cables * t.w_per_end;
      if (t.has_modules()) modules[rack] += run.cables;
    }
  }
  for (std::size_t k = 0; k < list.size(); ++k) {
    p.kw[k] = p.ends[k] * list[k].w_per_end / 1e3;
    p.interconnect_kw += p.kw[k];
    if (list[k].has_modules()) {
      p.modules += p.ends[k];
      p.module_kw += p.kw[k];
    }
  }
  const std::vector<double> it = it_watts(s, plan.floor);
  p.limit_kw = std::min(s.rack.power_limit_kw, s.rack.cooling_capacity_kw());
  for (std::size_t i = 0; i < n; ++i) {
    RackPower r;
    r.rack = static_cast<int>(i);
    r.kind = plan.floor.racks[i].kind;
    r.it_kw = it[i] / 1e3;
    r.interconnect_kw = ends_w[i] / 1e3;
    r.total_kw = r.it_kw + r.interconnect_kw;
    r.module_ends = modules[i];
    r.fits = r.total_kw <= p.limit_kw * (1.0 + 1e-12);
    p.racks_over_limit += r.fits ? 0 : 1;
    p.max_rack_kw = std::max(p.max_rack_kw, r.total_kw);
    p.it_kw += r.it_kw;
    p.racks.push_back(r);
  }
  p.total_kw = p.it_kw + p.interconnect_kw;
  p.interconnect_share = p.total_kw > 0.0 ? p.interconnect_kw / p.total_kw : 0.0;
  return p;
}

}  // namespace mosaic::cluster

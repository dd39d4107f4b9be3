#include "mosaic/cluster/choice.hpp"

#include <map>
#include <utility>

namespace mosaic::cluster {

Topology job_topology(const ClusterSpec& s, const CablePlan& plan,
                      const std::vector<Technology>& list, const Assignment& a, int domain) {
  // Mean latency of one cable per fabric tier, weighted by cables.
  std::map<std::pair<int, int>, std::pair<double, double>> sums;  // (fabric, tier) -> ns, cables
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    const CableRun& r = plan.runs[i];
    auto& [ns, n] = sums[{static_cast<int>(r.fabric), r.tier}];
    ns += r.cables * (list[a.technology[i]].latency_ns + r.length_m * kFlightNsPerM);
    n += r.cables;
  }
  double up_ns = 0.0, out_ns = 0.0;
  for (const auto& [key, v] : sums)
    (key.first == static_cast<int>(Fabric::kScaleUp) ? up_ns : out_ns) += 2.0 * v.first / v.second;
  Topology t;
  t.ranks = s.job_gpus();
  t.domain = domain;
  t.up = {s.scale_up.gpu_gbps() * 1e9 / 8.0, s.scale_up.step_latency_us * 1e-6 + up_ns * 1e-9};
  t.out = {s.scale_out.ports_per_gpu * s.scale_out.port_rate_gbps * 1e9 / 8.0,
           s.scale_out.step_latency_us * 1e-6 + out_ns * 1e-9};
  return t;
}

double mix_time_s(const WorkloadSpec& w, const std::vector<CollectiveTime>& times) {
  const double total =
      w.all_reduce_share + w.reduce_scatter_share + w.all_gather_share + w.all_to_all_share;
  return (w.all_reduce_share * fastest(times, Collective::kAllReduce).time_s +
          w.reduce_scatter_share * fastest(times, Collective::kReduceScatter).time_s +
          w.all_gather_share * fastest(times, Collective::kAllGather).time_s +
          w.all_to_all_share * fastest(times, Collective::kAllToAll).time_s) /
         total;
}

ChoiceResult evaluate_choice(const ClusterSpec& s, const CablePlan& plan,
                             const std::vector<Technology>& list, const std::string& name,
                             const std::vector<int>& allowed, const std::vector<int>& fallback) {
  ChoiceResult c;
  c.name = name;
  c.allowed = allowed;
  c.assignment = assign_technologies(plan, list, allowed, fallback);
  c.power = cluster_power(s, plan, list, c.assignment);
  c.failures = link_failures(s, list, c.assignment);
  c.goodput =
      goodput(s.workload.checkpoint_s, s.workload.restart_s, c.failures.job_mtbf_h * 3600.0);
  c.topology = job_topology(s, plan, list, c.assignment, s.scale_up.domain_gpus);
  for (const double m : s.workload.message_bytes) {
    c.collectives.push_back(collective_times(c.topology, m));
    c.mix_s.push_back(mix_time_s(s.workload, c.collectives.back()));
  }
  return c;
}

}  // namespace mosaic::cluster

#include <cmath>

#include "mosaic/cluster/cables.hpp"
#include "mosaic/record/cluster_json.hpp"
#include "mosaic/record/reliability_json.hpp"

namespace mosaic::record {
namespace {

using namespace mosaic::cluster;

const char* rack_kind(RackKind k) {
  switch (k) {
    case RackKind::kCompute:
      return "compute";
    case RackKind::kSpine:
      return "spine";
    case RackKind::kLeaf:
      return "leaf";
    case RackKind::kCore:
      return "core";
  }
  return "?";
}

nlohmann::json seconds_or_never(double s) {
  return std::isinf(s) ? nlohmann::json(kNever) : nlohmann::json(s);
}

nlohmann::json power_json(const ClusterResult& r, const ClusterPower& p, bool detail) {
  nlohmann::json per = nlohmann::json::array();
  for (std::size_t k = 0; k < r.technologies.size(); ++k)
    if (p.ends[k] > 0)
      per.push_back({{"id", r.technologies[k].id}, {"ends", p.ends[k]}, {"kw", p.kw[k]}});
  nlohmann::json j = {{"modules", p.modules},
                      {"module_kw", p.module_kw},
                      {"interconnect_kw", p.interconnect_kw},
                      {"it_kw", p.it_kw},
                      {"total_kw", p.total_kw},
                      {"interconnect_share", p.interconnect_share},
                      {"rack_limit_kw", p.limit_kw},
                      {"max_rack_kw", p.max_rack_kw},
                      {"racks_over_limit", p.racks_over_limit},
                      {"per_technology", per}};
  if (!detail) return j;
  nlohmann::json racks = nlohmann::json::array();
  for (const RackPower& x : p.racks) {
    const Rack& rack = r.cables.floor.racks[x.rack];
    racks.push_back({{"rack", x.rack},
                     {"kind", rack_kind(x.kind)},
                     {"row", rack.row},
                     {"slot", rack.slot},
                     {"it_kw", x.it_kw},
                     {"interconnect_kw", x.interconnect_kw},
                     {"total_kw", x.total_kw},
                     {"module_ends", x.module_ends},
                     {"fits", x.fits}});
  }
  j["racks"] = std::move(racks);
  return j;
}

nlohmann::json failures_json(const ClusterResult& r, const LinkFailures& f, const Assignment& a) {
  nlohmann::json per = nlohmann::json::array();
  for (std::size_t k = 0; k < r.technologies.size(); ++k)
    if (a.cables[k] > 0)
      per.push_back({{"id", r.technologies[k].id},
                     {"cables", a.cables[k]},
                     {"link_fit", r.technologies[k].link_fit},
                     {"fit", f.fit[k]}});
  return {{"cluster_fit", f.cluster_fit},
          {"mtbf_h", hours_or_never(f.mtbf_h)},
          {"failures_per_day", f.failures_per_day},
          {"job_gpus", f.job_gpus},
          {"job_link_fit", f.job_link_fit},
          {"job_other_fit", f.job_other_fit},
          {"job_mtbf_h", hours_or_never(f.job_mtbf_h)},
          {"job_interruptions_per_day", f.job_interruptions_per_day},
          {"job_network_share", f.job_network_share},
          {"per_technology", per}};
}

nlohmann::json time_json(const CollectiveTime& t) {
  return {{"collective", collective_name(t.collective)},
          {"algorithm", algorithm_name(t.algorithm)},
          {"time_s", t.time_s},
          {"algbw_gbs", t.algbw_gbs},
          {"busbw_gbs", t.busbw_gbs}};
}

nlohmann::json tier_json(const Tier& t) {
  return {{"bandwidth_gbs", t.bandwidth_bps / 1e9}, {"latency_us", t.latency_s * 1e6}};
}

nlohmann::json collectives_json(const ClusterSpec& s, const ChoiceResult& c, bool detail) {
  nlohmann::json messages = nlohmann::json::array();
  for (std::size_t i = 0; i < c.collectives.size(); ++i) {
    nlohmann::json m = {{"bytes", s.workload.message_bytes[i]}, {"mix_s", c.mix_s[i]}};
    nlohmann::json times = nlohmann::json::array();
    for (const auto& t : c.collectives[i])
      if (detail || t.collective == Collective::kAllReduce) times.push_back(time_json(t));
    m["times"] = std::move(times);
    messages.push_back(std::move(m));
  }
  return {{"ranks", c.topology.ranks},
          {"domain", c.topology.domain},
          {"up", tier_json(c.topology.up)},
          {"out", tier_json(c.topology.out)},
          {"messages", std::move(messages)}};
}

}  // namespace

nlohmann::json choice_to_json(const ClusterResult& r, const ChoiceResult& c, bool detail) {
  nlohmann::json cables = nlohmann::json::object();
  for (std::size_t k = 0; k < r.technologies.size(); ++k)
    if (c.assignment.cables[k] > 0) cables[r.technologies[k].id] = c.assignment.cables[k];
  nlohmann::json allowed = nlohmann::json::array();
  for (const int k : c.allowed) allowed.push_back(r.technologies[k].id);
  const Goodput& g = c.goodput;
  return {{"name", c.name},
          {"allowed", allowed},
          {"cables", cables},
          {"fallback_cables", c.assignment.fallback_cables},
          {"power", power_json(r, c.power, detail)},
          {"failures", failures_json(r, c.failures, c.assignment)},
          {"goodput",
           {{"mtbf_h", hours_or_never(g.mtbf_s / 3600.0)},
            {"checkpoint_s", r.spec.workload.checkpoint_s},
            {"restart_s", r.spec.workload.restart_s},
            {"young_s", seconds_or_never(g.young_s)},
            {"daly_s", seconds_or_never(g.daly_s)},
            {"goodput", g.goodput},
            {"goodput_young", g.goodput_young}}},
          {"collectives", collectives_json(r.spec, c, detail)}};
}

}  // namespace mosaic::record

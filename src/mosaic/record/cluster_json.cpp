#include "mosaic/record/cluster_json.hpp"

#include "mosaic/cluster/collectives.hpp"
#include "mosaic/core/cluster/cluster_presets.hpp"
#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/schema/field.hpp"
#include "mosaic/record/reliability_json.hpp"
#include "mosaic/record/report_json.hpp"

namespace mosaic::record {
namespace {

using namespace mosaic::cluster;

const char* medium_name(Medium m) {
  return m == Medium::kCopper ? "copper" : m == Medium::kOptical ? "optical" : "mosaic";
}

nlohmann::json technologies_json(const ClusterResult& r) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t k = 0; k < r.technologies.size(); ++k) {
    const Technology& t = r.technologies[k];
    out.push_back({{"id", t.id},
                   {"name", t.name},
                   {"catalog_id", t.catalog_id},
                   {"medium", medium_name(t.medium)},
                   {"allowed", k < r.spec.links.technologies.size()},
                   {"rate_gbps", t.rate_gbps},
                   {"reach_m", t.reach_m},
                   {"w_per_end", t.w_per_end},
                   {"link_fit", t.link_fit},
                   {"latency_ns", t.latency_ns},
                   {"adjusted", t.adjusted},
                   {"mtbf_if_all_h", hours_or_never(r.specified.failures.mtbf_if_all_h[k])},
                   {"source", t.source}});
  }
  return out;
}

nlohmann::json mosaic_json(const ClusterResult& r) {
  nlohmann::json probes = nlohmann::json::array();
  for (const auto& [length, meets] : r.mosaic.reach_probes)
    probes.push_back({{"length_m", length}, {"meets", meets}});
  return {{"design", r.mosaic.design},       {"reach_searched", r.mosaic_reach_searched},
          {"reach_m", r.mosaic.reach_m},     {"reach_tolerance_m", r.spec.links.reach_tolerance_m},
          {"reach_probes", probes},          {"w_per_end", r.mosaic.w_per_end},
          {"link_fit", r.mosaic.link_fit},   {"latency_ns", r.mosaic.latency_ns},
          {"rate_gbps", r.mosaic.rate_gbps}, {"case_temperature_c", r.mosaic.case_temperature_c}};
}

nlohmann::json counts_json(const ClusterResult& r) {
  int spine = 0, leaf = 0, core = 0;
  for (const auto& rack : r.cables.floor.racks) {
    spine += rack.kind == RackKind::kSpine;
    leaf += rack.kind == RackKind::kLeaf;
    core += rack.kind == RackKind::kCore;
  }
  const auto& u = r.scale_up;
  const auto& o = r.scale_out;
  return {{"gpus", r.spec.cluster.gpus},
          {"domains", u.domains},
          {"racks", r.cables.floor.racks.size()},
          {"compute_racks", r.cables.floor.compute.size()},
          {"spine_racks", spine},
          {"leaf_racks", leaf},
          {"core_racks", core},
          {"rows", r.cables.floor.rows},
          {"scale_up_l1_chips_per_group", u.l1_chips_per_group},
          {"scale_up_l1_trays_per_rack", u.l1_trays_per_rack},
          {"scale_up_l2_chips", u.l2_chips},
          {"scale_out_ports", o.ports},
          {"scale_out_switches", o.switches_scaled},
          {"scale_out_switches_built", o.switches}};
}

nlohmann::json cables_json(const ClusterResult& r) {
  nlohmann::json tiers = nlohmann::json::array();
  for (const TierLengths& t : r.tiers) {
    nlohmann::json per = nlohmann::json::object();
    for (std::size_t k = 0; k < r.technologies.size(); ++k)
      if (t.per_technology[k] > 0) per[r.technologies[k].id] = t.per_technology[k];
    tiers.push_back({{"fabric", t.fabric == Fabric::kScaleUp ? "scale_up" : "scale_out"},
                     {"tier", t.tier},
                     {"cables", t.cables},
                     {"min_m", t.min_m},
                     {"mean_m", t.mean_m},
                     {"max_m", t.max_m},
                     {"cross_rack", t.cross_rack},
                     {"adjacent", t.adjacent},
                     {"cross_rack_copper_reach", t.cross_rack_copper_reach},
                     {"per_technology", per}});
  }
  nlohmann::json ids = nlohmann::json::array();
  for (const auto& t : r.technologies) ids.push_back(t.id);
  return {{"total", r.cables.cables()},
          {"runs", r.cables.runs.size()},
          {"copper_reach_m", r.copper_reach_m},
          {"tiers", tiers},
          {"histogram",
           {{"bin_m", r.histogram.bin_m}, {"technologies", ids}, {"counts", r.histogram.counts}}}};
}

nlohmann::json fleet_json(const ClusterResult& r) {
  const ClusterFleet& f = r.fleet;
  nlohmann::json per = nlohmann::json::array();
  for (const auto& t : f.per_technology)
    per.push_back({{"id", r.technologies[t.technology].id},
                   {"links", t.fleet.links},
                   {"failures", t.fleet.failures},
                   {"expected_failures", t.expected_failures},
                   {"outages", t.fleet.outages},
                   {"fleet_fit", t.fleet.fleet_fit},
                   {"fleet_fit_ci", {t.fleet.fleet_fit_ci.low, t.fleet.fleet_fit_ci.high}},
                   {"mtbf_h", hours_or_never(t.fleet.mtbf_h)}});
  return {{"years", f.years},
          {"seed", r.spec.cluster.seed},
          {"confidence", r.spec.cluster.confidence},
          {"mttr_h", r.spec.cluster.mttr_h},
          {"failures", f.failures},
          {"expected_failures", f.expected_failures},
          {"failures_ci", {f.failures_ci.low, f.failures_ci.high}},
          {"mtbf_h", hours_or_never(f.mtbf_h)},
          {"mtbf_ci_h", {hours_or_never(f.mtbf_ci_h.low), hours_or_never(f.mtbf_ci_h.high)}},
          {"per_technology", per}};
}

nlohmann::json scaling_json(const ClusterResult& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : r.scaling) {
    nlohmann::json fastest = nlohmann::json::array();
    for (const auto& t : d.fastest)
      fastest.push_back({{"collective", collective_name(t.collective)},
                         {"algorithm", algorithm_name(t.algorithm)},
                         {"time_s", t.time_s},
                         {"busbw_gbs", t.busbw_gbs}});
    out.push_back({{"domain", d.domain}, {"mix_s", d.mix_s}, {"fastest", fastest}});
  }
  return out;
}

}  // namespace

nlohmann::json cluster_keys_to_json() {
  const ClusterSpec defaults = cluster_preset(kDefaultClusterPreset);
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : cluster_fields()) {
    nlohmann::json k = {{"key", f.key},
                        {"unit", f.unit},
                        {"doc", f.doc},
                        {"allowed", f.allowed()},
                        {"default", field_value_to_json(f.get(defaults))}};
    if (f.kind == FieldKind::kChoice) k["choices"] = f.choices;
    if (f.numeric()) {
      k["min"] = f.min;
      k["max"] = f.max;
    }
    out.push_back(std::move(k));
  }
  return out;
}

nlohmann::json cluster_record(const ClusterResult& r, std::string_view command, bool timing) {
  nlohmann::json j = header_json("cluster", command, r.design);
  j["seed"] = r.spec.cluster.seed;
  j["cluster"] = cluster_spec_to_json(r.spec);
  j["technologies"] = technologies_json(r);
  j["mosaic"] = mosaic_json(r);
  j["counts"] = counts_json(r);
  j["cables"] = cables_json(r);
  j["specified"] = choice_to_json(r, r.specified, true);
  j["fleet"] = fleet_json(r);
  j["domain_scaling"] = scaling_json(r);
  const FleetSavings& s = r.savings;
  j["fleet_savings"] = {{"cables_per_year", s.cables_per_year},
                        {"baseline", r.spec.fleet.baseline},
                        {"baseline_w_per_end", s.baseline_w_per_end},
                        {"mosaic_w_per_end", s.mosaic_w_per_end},
                        {"saved_mw", s.saved_mw},
                        {"saved_gwh_per_year", s.saved_gwh_per_year},
                        {"home_kwh_per_year", s.home_kwh_per_year},
                        {"homes", s.homes}};
  nlohmann::json choices = nlohmann::json::array();
  choices.push_back(choice_to_json(r, r.specified, false));
  for (const auto& c : r.compare) choices.push_back(choice_to_json(r, c, false));
  j["choices"] = std::move(choices);
  j["assumptions"] = r.assumptions;
  if (timing) j["timing"] = {{"total_s", r.wall_s}, {"fleet_s", r.fleet.wall_s}};
  return j;
}

}  // namespace mosaic::record

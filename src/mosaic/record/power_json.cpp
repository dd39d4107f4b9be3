#include "mosaic/record/power_json.hpp"

#include "mosaic/record/reliability_json.hpp"

namespace mosaic::record {
namespace {

nlohmann::json blocks_to_json(const std::vector<power::PowerBlock>& blocks) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& b : blocks)
    out.push_back({{"name", b.name}, {"w", b.w}, {"scaling", b.scaling}});
  return out;
}

}  // namespace

nlohmann::json power_to_json(const power::PowerBudget& b) {
  return {
      {"per_end_w", b.per_end_w},
      {"per_link_w", b.per_link_w},
      {"pj_per_bit", b.pj_per_bit},
      {"payload_rate_gbps", b.payload_rate_gbps},
      {"powered_channels", b.powered_channels},
      {"blocks", blocks_to_json(b.blocks)},
      {"reference",
       {{"name", "laser/DSP module (MOSAIC paper breakdown)"},
        {"per_end_w", b.reference.per_end_w},
        {"blocks", blocks_to_json(b.reference.blocks)}}},
      {"saving_vs_reference", b.saving_vs_reference},
      {"saving_vs_reference_w", b.saving_vs_reference_w},
      {"assumptions", b.assumptions},
  };
}

nlohmann::json comparison_to_json(const power::Comparison& c) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : c.rows) {
    rows.push_back({
        {"id", r.id},
        {"name", r.name},
        {"is_design", r.is_design},
        {"rate_gbps", r.rate_gbps},
        {"reach_m", r.reach_m},
        {"reaches", r.reaches},
        {"w_per_end", r.w_per_end},
        {"pj_per_bit", r.pj_per_bit},
        {"link_fit", fit_or_certain(r.link_fit)},
        {"latency_ns", r.latency_ns},
        {"design_power_saving", r.design_power_saving},
        {"fit_ratio", number_or_undefined(r.fit_ratio)},  // the design's own row when it is certain
        {"source", r.source},
    });
  }
  return {{"cable_m", c.cable_m},
          {"rate_gbps", c.rate_gbps},
          {"rows", rows},
          {"assumptions", c.assumptions}};
}

}  // namespace mosaic::record

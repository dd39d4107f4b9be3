#include "mosaic/record/power_json.hpp"

#include <cmath>

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
  nlohmann::json j = {
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
  j["analog_model"] = b.channel ? "drive" : "per_bit";
  if (b.channel) {
    const power::ChannelPower& c = *b.channel;
    j["channel"] = {{"led_w", c.led_w},
                    {"driver_w", c.driver_w},
                    {"transmitter_w", c.transmitter_w()},
                    {"tia_w", c.tia_w},
                    {"limiting_amp_w", c.limiting_amp_w},
                    {"ctle_w", c.ctle_w},
                    {"fixed_w", c.fixed_w},
                    {"receiver_w", c.receiver_w()},
                    {"total_w", c.total_w()},
                    {"led_rail_v", c.led_rail_v}};
  }
  // The drive the analog block was costed from, beside it: a power record read alone says what
  // the launch costs.
  if (b.led_drive) j["led_drive"] = led_drive_to_json(*b.led_drive);
  return j;
}

nlohmann::json led_drive_to_json(const phy::LedDrive& d) {
  return {{"launch_dbm", 10.0 * std::log10(d.launch_w * 1e3)},
          {"low_ma", d.low_a * 1e3},
          {"high_ma", d.high_a * 1e3},
          {"bias_ma", d.bias_a * 1e3},
          {"modulation_ma", d.modulation_a * 1e3},
          {"current_density_a_per_cm2", d.current_density_a_per_m2 * 1e-4},
          {"iqe", d.iqe},
          {"eqe", d.eqe},
          {"low_v", d.low_v},
          {"high_v", d.high_v},
          {"electrical_mw", d.electrical_w * 1e3},
          {"heat_mw", d.heat_w * 1e3},
          {"f3db_ghz", d.f3db_hz * 1e-9},
          {"bandwidth_bias_ma", d.bandwidth_bias_a * 1e3},
          {"bandwidth_limited", d.bandwidth_limited}};
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

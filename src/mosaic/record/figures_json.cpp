#include "mosaic/record/figures_json.hpp"

#include "mosaic/record/power_json.hpp"
#include "mosaic/record/reliability_json.hpp"

namespace mosaic::record {

namespace {

constexpr const char* kClosed = "closed";

nlohmann::json opening_json(const phy::EyeOpening& o, double swing_a, double ui_ps) {
  return {{"ber", o.ber},
          {"height_ua", o.height_a * 1e6},
          {"height_swing", swing_a > 0.0 ? o.height_a / swing_a : 0.0},
          {"width_ui", o.width_ui},
          {"width_ps", o.width_ui * ui_ps},
          {"left_ui", o.edges.left_ui},
          {"right_ui", o.edges.right_ui},
          {"low_ua", o.edges.low_a * 1e6},
          {"high_ua", o.edges.high_a * 1e6}};
}

nlohmann::json jitter_json(const phy::JitterBudget& b) {
  nlohmann::json j = {{"ui_ps", b.ui_ps},
                      {"phase_step_ui", b.phase_step_ui},
                      {"clock", b.forwarded_clock ? "forwarded" : "cdr"},
                      {"q_kp4", b.q_kp4},
                      {"q_1e12", b.q_1e12}};
  // Each term in UI and in ps; "closed" where the worst pattern leaves no opening to measure.
  const auto both = [&](const std::string& name, const std::optional<double>& ui) {
    j[name + "_ui"] = ui ? nlohmann::json(*ui) : nlohmann::json(kClosed);
    j[name + "_ps"] = ui ? nlohmann::json(*ui * b.ui_ps) : nlohmann::json(kClosed);
  };
  both("rj_rms", b.rj_rms_ui);
  both("dj_isi_pp", b.dj_isi_pp_ui);
  both("dj_crosstalk_pp", b.dj_crosstalk_pp_ui);
  both("dj_total_pp", b.dj_total_pp_ui);
  both("phase_offset", b.phase_offset_ui);
  both("tj_dual_dirac_kp4", b.tj_dual_dirac_kp4_ui);
  both("tj_dual_dirac_1e12", b.tj_dual_dirac_1e12_ui);
  both("tj_stat_eye_kp4", b.tj_stat_eye_kp4_ui);
  both("tj_stat_eye_1e12", b.tj_stat_eye_1e12_ui);
  return j;
}

nlohmann::json mask_json(const phy::EyeMask& m) {
  nlohmann::json vertices = nlohmann::json::array();
  for (const auto& v : m.vertices) vertices.push_back({v[0], v[1] * 1e6});
  return {{"ber", m.spec.ber},
          {"half_width_ui", m.spec.half_width_ui},
          {"flat_half_width_ui", m.spec.flat_half_width_ui},
          {"half_height_swing", m.spec.half_height_swing},
          {"half_height_ua", m.half_height_a * 1e6},
          {"vertices", std::move(vertices)},
          {"scale", m.scale},
          {"max_scale", phy::kMaxMaskScale},
          {"margin_percent", m.margin_percent},
          {"pass", m.pass}};
}

}  // namespace

nlohmann::json eye_analysis_to_json(const phy::EyeAnalysis& a) {
  return {{"channel", a.channel},
          {"sampling_phase_ui", a.sampling_phase_ui},
          {"decision_threshold_ua", a.threshold_a * 1e6},
          {"signal_ua", a.signal_a * 1e6},
          {"log10_ber", a.log10_ber},
          {"eye_opening",
           {{"kp4", opening_json(a.kp4, a.signal_a, a.jitter.ui_ps)},
            {"ber_1e12", opening_json(a.ber_1e12, a.signal_a, a.jitter.ui_ps)}}},
          {"jitter_budget", jitter_json(a.jitter)},
          {"eye_mask", mask_json(a.mask)}};
}

nlohmann::json stat_eye_to_json(const StatEyeFigure& f) {
  nlohmann::json thresholds = nlohmann::json::array();
  for (double t : f.threshold_a) thresholds.push_back(t * 1e6);
  nlohmann::json j = {{"channel", f.channel},
                      {"phase_ui", f.phase_ui},
                      {"threshold_ua", std::move(thresholds)},
                      {"log10_ber", f.log10_ber},
                      {"sampling_phase_ui", f.sampling_phase_ui},
                      {"decision_threshold_ua", f.decision_threshold_a * 1e6},
                      {"log10_ber_at_decision", f.log10_ber_at_decision}};
  const nlohmann::json a = eye_analysis_to_json(f.analysis);
  for (const char* key : {"signal_ua", "eye_opening", "jitter_budget", "eye_mask"}) j[key] = a[key];
  return j;
}

nlohmann::json survival_to_json(const reliability::SurvivalCurve& c) {
  return {{"years", c.years},
          {"reliability", c.reliability},
          {"service_life_years", c.service_life_years}};
}

nlohmann::json figures_to_json(const PageFigures& f) {
  nlohmann::json j = nlohmann::json::object();
  if (f.stat_eye) j["stat_eye"] = stat_eye_to_json(*f.stat_eye);
  if (f.comparison) {
    j["comparison"] = comparison_to_json(*f.comparison);
    j["comparison"]["catalog"] = f.catalog_origin;
  }
  if (f.fleet) {
    // Wall-clock figures would make two pages of the same record differ.
    j["fleet"] = fleet_to_json(*f.fleet);
    j["fleet"].erase("wall_s");
    j["fleet"].erase("link_lifetimes_per_s");
  }
  if (f.survival) j["survival"] = survival_to_json(*f.survival);
  return j;
}

}  // namespace mosaic::record

#include "mosaic/record/figures_json.hpp"

#include "mosaic/record/power_json.hpp"
#include "mosaic/record/reliability_json.hpp"

namespace mosaic::record {

nlohmann::json stat_eye_to_json(const StatEyeFigure& f) {
  nlohmann::json thresholds = nlohmann::json::array();
  for (double t : f.threshold_a) thresholds.push_back(t * 1e6);
  return {{"channel", f.channel},
          {"phase_ui", f.phase_ui},
          {"threshold_ua", std::move(thresholds)},
          {"log10_ber", f.log10_ber},
          {"sampling_phase_ui", f.sampling_phase_ui},
          {"decision_threshold_ua", f.decision_threshold_a * 1e6},
          {"log10_ber_at_decision", f.log10_ber_at_decision}};
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

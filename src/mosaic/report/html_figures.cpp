#include "mosaic/report/html_figures.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/stat_eye.hpp"
#include "mosaic/reliability/model.hpp"

namespace mosaic::report {
namespace {

// Fine enough for smooth 1e-3 / 1e-6 / 1e-12 contours, small enough to keep the page light.
constexpr int kEyePhases = 64;
constexpr int kEyeThresholds = 64;

nlohmann::json field_value_json(const FieldValue& v) {
  return std::visit(
      [](const auto& x) -> nlohmann::json {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return "none";  // unset, as in the report's spec echo
        } else {
          return x;
        }
      },
      v);
}

}  // namespace

nlohmann::json stat_eye_grid_json(const LinkSpec& spec, int channel, const char* option) {
  phy::LinkEvaluator ev(spec);
  const int n = static_cast<int>(ev.layout().channels.size());
  if (channel < 0 || channel >= n || ev.layout().channels[channel].dead)
    throw ConfigError(option, std::to_string(channel),
                      "a live channel index in [0, " + std::to_string(n - 1) + "]");
  const phy::StatEyeInput in = ev.eye_input(channel, false);
  const phy::StatEyeResult chosen = phy::stat_eye(in);
  const phy::StatEyeGrid g = phy::stat_eye_grid(in, kEyePhases, kEyeThresholds);
  const double os = in.victim.pulse->samples_per_ui;
  nlohmann::json thresholds = nlohmann::json::array();
  for (double t : g.threshold_a) thresholds.push_back(t * 1e6);
  return {{"channel", channel},
          {"phase_ui", g.phase_ui},
          {"threshold_ua", std::move(thresholds)},
          {"log10_ber", g.log10_ber},
          {"sampling_phase_ui", chosen.phase_samples / os},
          {"decision_threshold_ua", chosen.threshold_a * 1e6},
          {"log10_ber_at_decision", chosen.log10_ber}};
}

nlohmann::json survival_curve_json(const LinkSpec& spec, int points) {
  const reliability::ReliabilityModel m = reliability::reliability_model(spec);
  const double life_y = spec.reliability.service_life_years;
  nlohmann::json years = nlohmann::json::array();
  nlohmann::json survival = nlohmann::json::array();
  for (int i = 0; i < points; ++i) {
    const double y = life_y * i / (points - 1);
    years.push_back(y);
    survival.push_back(std::exp(reliability::log_link_survival(m, y * 8760.0)));
  }
  return {{"years", years}, {"reliability", survival}, {"service_life_years", life_y}};
}

nlohmann::json keys_to_json() {
  const LinkSpec defaults = preset("800g");
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : link_spec_fields()) {
    nlohmann::json k = {{"key", f.key},
                        {"unit", f.unit},
                        {"doc", f.doc},
                        {"allowed", f.allowed()},
                        {"default", field_value_json(f.get(defaults))}};
    if (f.kind == FieldKind::kChoice) k["choices"] = f.choices;
    if (f.kind == FieldKind::kReal || f.kind == FieldKind::kOptionalReal ||
        f.kind == FieldKind::kInteger) {
      k["min"] = f.min;
      k["max"] = f.max;
    }
    out.push_back(std::move(k));
  }
  return out;
}

LinkSpec spec_from_json(const nlohmann::json& spec_json) {
  LinkSpec spec = preset("800g");
  for (const auto& f : link_spec_fields()) {
    std::string path = "/" + f.key;
    std::replace(path.begin(), path.end(), '.', '/');
    const nlohmann::json::json_pointer ptr(path);
    if (!spec_json.contains(ptr)) continue;  // a report from an older version: keep the default
    const nlohmann::json& v = spec_json.at(ptr);
    FieldValue value;
    if (v.is_null() || (f.kind == FieldKind::kOptionalReal && v == "none")) {
      value = std::monostate{};
    } else if (v.is_boolean()) {
      value = v.get<bool>();
    } else if (v.is_string()) {
      value = v.get<std::string>();
    } else if (f.kind == FieldKind::kInteger && v.is_number_integer()) {
      value = v.get<std::int64_t>();
    } else if (v.is_number()) {
      value = v.get<double>();
    } else {
      throw ConfigError("spec." + f.key, v.dump(), f.allowed());
    }
    set_field(spec, f, value);
  }
  validate_design(spec);
  return spec;
}

}  // namespace mosaic::report

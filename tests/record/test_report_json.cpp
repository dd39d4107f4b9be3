#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/record/report_json.hpp"

namespace mosaic::record {
namespace {

// Every number finite and no null anywhere (an unset optional key is "none", as in TOML).
void expect_clean(const nlohmann::json& j, const std::string& path) {
  if (j.is_null()) {
    ADD_FAILURE() << "null at " << path;
  } else if (j.is_number_float()) {
    EXPECT_TRUE(std::isfinite(j.get<double>())) << path;
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) expect_clean(it.value(), path + "/" + it.key());
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) expect_clean(j[i], path + "/" + std::to_string(i));
  }
}

TEST(ReportJson, NoNanNoStrayNullsAndEveryKeyEchoed) {
  LinkSpec spec = preset("prototype");
  spec.fiber.length_m = 35.0;  // some channels far above threshold
  spec.array.dead_probability = 0.05;
  const Evaluation r = evaluate(spec);
  const nlohmann::json j = to_json(r, {"mosaic simulate", true, true});
  expect_clean(j, "");
  for (const auto& f : link_spec_fields()) {
    std::string ptr = "/spec/" + f.key;
    for (auto& c : ptr)
      if (c == '.') c = '/';
    EXPECT_TRUE(j.contains(nlohmann::json::json_pointer(ptr))) << f.key;
  }
  EXPECT_EQ(j["channels"].size(), 100u);
  EXPECT_GT(j["link"]["over_threshold"].get<int>(), 0);
  EXPECT_LT(j["link"]["optical_margin_db"].get<double>(), 0.0);
}

TEST(ReportJson, TinyBersStayNumbersNotZero) {
  LinkSpec spec = preset("800g");
  spec.fiber.length_m = 5.0;
  EvalOptions o;
  o.margin = false;
  const nlohmann::json j = to_json(evaluate(spec, o));
  EXPECT_LT(j["link"]["log10_median_ber"].get<double>(), -300.0);
  EXPECT_GT(j["link"]["median_ber"].get<double>(), 0.0);
  for (const auto& c : j["channels"]) EXPECT_GT(c["ber"].get<double>(), 0.0);
}

TEST(ReportJson, RefusedImportanceSamplingSaysRefusedNotNull) {
  LinkSpec spec = preset("prototype");
  EvalOptions o;
  o.margin = false;
  Evaluation r = evaluate(spec, o);
  // A channel the importance sampler refuses (no draw near an error), as it reports one.
  phy::mc::McResult mc;
  mc.mode = McMode::kImportance;
  phy::mc::McChannelResult refused;
  refused.index = 0;
  refused.refusal = "no draw came anywhere near an error";
  mc.channels.push_back(refused);
  r.monte_carlo = mc;
  const nlohmann::json j = to_json(r, {"mosaic simulate", true, true});
  expect_clean(j, "");
  const auto& c = j["channels"][0];
  EXPECT_EQ(c["mc_ber"], "refused");
  EXPECT_EQ(c["mc_ber_ci_low"], "refused");
  EXPECT_EQ(c["mc_ber_ci_high"], "refused");
  EXPECT_EQ(c["mc_refusal"], "no draw came anywhere near an error");
}

TEST(ReportCsv, OneRowPerPixel) {
  const Evaluation r = evaluate(preset("prototype"));
  std::ostringstream out;
  write_channels_csv(r, out);
  const std::string s = out.str();
  EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 101);
  EXPECT_EQ(s.find("nan"), std::string::npos);
}

// Where a bathtub of the record ({x, log10_ber}, x from the chosen point) first crosses `level`
// going out from its centre towards `dir`, linearly in log10 BER between its points.
double crossing(const nlohmann::json& tub, double level, int dir) {
  const auto& x = tub["x"];
  const auto& y = tub["log10_ber"];
  const int n = static_cast<int>(x.size());
  int c = 0;
  for (int i = 0; i < n; ++i)
    if (std::abs(x[i].get<double>()) < std::abs(x[c].get<double>())) c = i;
  for (int i = c; i + dir >= 0 && i + dir < n; i += dir) {
    const double ya = y[i], yb = y[i + dir], xa = x[i], xb = x[i + dir];
    if (yb > level) return xa + (level - ya) / (yb - ya) * (xb - xa);
  }
  return x[dir > 0 ? n - 1 : 0];
}

// The worst channel's openings at KP4 in the record are its bathtubs' crossings of 2.4e-4: the
// width exactly (the same interpolation), the height within one cell of the threshold bathtub's
// 24-point grid; its channel row says the same; the mask's margin sign is its verdict.
TEST(ReportJson, WorstChannelEyeIsWhereItsBathtubsCrossKp4) {
  const Evaluation r = evaluate(preset("prototype"));
  const nlohmann::json j = to_json(r, {"mosaic simulate", true, false});
  expect_clean(j, "");
  const auto& link = j["link"];
  const auto& eye = link["worst_channel_eye"];
  const int worst = link["worst_channel"];
  EXPECT_EQ(eye["channel"], worst);
  const auto& row = j["channels"][worst];
  const auto& kp4 = eye["eye_opening"]["kp4"];
  const double level = std::log10(2.4e-4);
  const double phase = eye["sampling_phase_ui"];
  const double threshold = eye["decision_threshold_ua"];
  EXPECT_EQ(phase, row["sampling_phase_ui"].get<double>());
  EXPECT_EQ(kp4["width_ui"], row["eye_width_ui"]);
  EXPECT_EQ(kp4["height_ua"], row["eye_height_ua"]);
  EXPECT_EQ(eye["eye_opening"]["ber_1e12"]["width_ui"], row["eye_width_1e12_ui"]);
  ASSERT_GT(kp4["width_ui"].get<double>(), 0.2);
  const auto& phase_tub = link["worst_channel_bathtub_phase"];
  EXPECT_NEAR(kp4["left_ui"].get<double>() - phase, crossing(phase_tub, level, -1), 1e-9);
  EXPECT_NEAR(kp4["right_ui"].get<double>() - phase, crossing(phase_tub, level, 1), 1e-9);
  const auto& tub = link["worst_channel_bathtub_threshold_ua"];
  const double cell = tub["x"][1].get<double>() - tub["x"][0].get<double>();
  EXPECT_NEAR(kp4["low_ua"].get<double>() - threshold, crossing(tub, level, -1), cell);
  EXPECT_NEAR(kp4["high_ua"].get<double>() - threshold, crossing(tub, level, 1), cell);
  EXPECT_NEAR(kp4["high_ua"].get<double>() - kp4["low_ua"].get<double>(),
              kp4["height_ua"].get<double>(), 1e-9);
  const auto& mask = eye["eye_mask"];
  EXPECT_EQ(mask["pass"].get<bool>(), mask["margin_percent"].get<double>() >= 0.0);
  EXPECT_EQ(mask["vertices"].size(), 6u);
  const auto& jitter = eye["jitter_budget"];
  EXPECT_NEAR(jitter["rj_rms_ps"].get<double>(), j["spec"]["rx"]["jitter_rms_ps"].get<double>(),
              1e-9);
  EXPECT_NEAR(jitter["tj_stat_eye_kp4_ui"].get<double>(), 1.0 - kp4["width_ui"].get<double>(),
              1e-12);
}

TEST(ReportCsv, MonteCarloColumnsWhereItCounted) {
  Evaluation r = evaluate(preset("prototype"));
  phy::mc::McResult mc;
  phy::mc::McChannelResult counted;
  counted.index = 3;
  counted.bits = 2e5;
  counted.errors = 12;
  counted.ber = 6e-5;
  counted.ci_low = 3.1e-5;
  counted.ci_high = 1.05e-4;
  mc.channels.push_back(counted);
  phy::mc::McChannelResult refused;
  refused.index = 5;
  refused.refusal = "no draw came anywhere near an error";
  mc.channels.push_back(refused);
  r.monte_carlo = mc;
  std::ostringstream out;
  write_channels_csv(r, out);
  std::istringstream in(out.str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 101u);
  const std::string tail = ",mc_errors,mc_bits,mc_ber,mc_ber_ci_low,mc_ber_ci_high";
  EXPECT_EQ(lines[0].substr(lines[0].size() - tail.size()), tail);
  const auto ends = [](const std::string& line, const std::string& end) {
    return line.size() >= end.size() && line.substr(line.size() - end.size()) == end;
  };
  EXPECT_TRUE(ends(lines[1 + 3], ",12,200000,6e-05,3.1e-05,0.000105")) << lines[4];
  EXPECT_TRUE(ends(lines[1 + 5], ",refused,refused,refused")) << lines[6];
  EXPECT_TRUE(ends(lines[1 + 0], ",,,,,")) << lines[1];
}

}  // namespace
}  // namespace mosaic::record

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

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

}  // namespace
}  // namespace mosaic::record

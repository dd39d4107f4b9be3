// The HTML report: one self-contained document whose inline data parses back to the report.
#include <gtest/gtest.h>

#include <string>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/report/html_figures.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/spec_json.hpp"

namespace mosaic::report {
namespace {

std::string inline_data(const std::string& html) {
  const std::string open = "<script id=\"mosaic-data\" type=\"application/json\">";
  const auto a = html.find(open);
  const auto b = html.find("</script>", a);
  return html.substr(a + open.size(), b - a - open.size());
}

TEST(HtmlReport, DataSurvivesTheScriptElementEvenWithMarkupInStrings) {
  const nlohmann::json report = {
      {"bits_in", 1}, {"fec_codewords", 2}, {"note", "</script><!-- <b>&"}};
  const nlohmann::json page = html_page_data(report, detect_report_kind(report, "x"));
  const std::string html = render_html(page);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  const std::string data = inline_data(html);
  EXPECT_EQ(data.find('<'), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(data)["report"], report);
  // The page script is inline and nothing refers to another file or address.
  EXPECT_GT(report_page_script().size(), 100000u);
  EXPECT_NE(html.find(std::string(report_page_script().substr(0, 200))), std::string::npos);
  EXPECT_EQ(html.find("<script src"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
}

TEST(HtmlReport, KindsAreRecognisedAndOthersRejectedNamingTheSource) {
  EXPECT_EQ(detect_report_kind({{"channels", 1}, {"link", 1}, {"spec", 1}}, "R"),
            ReportKind::kSimulate);
  EXPECT_EQ(detect_report_kind({{"rows", 1}, {"cable_m", 1}}, "R"), ReportKind::kCompare);
  EXPECT_EQ(detect_report_kind({{"per_year", 1}, {"links", 1}}, "R"), ReportKind::kFleet);
  try {
    detect_report_kind({{"hello", 1}}, "REPORT");
    FAIL() << "accepted a document of no known kind";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "REPORT");
  }
}

TEST(HtmlReport, SpecEchoedInAReportRebuildsTheSameDesign) {
  LinkSpec s = preset("prototype");
  set_field_from_string(s, *find_field("fiber.length_m"), "37.5");
  set_field_from_string(s, *find_field("seed"), "99");
  const nlohmann::json echo = spec_to_json(s);
  EXPECT_EQ(spec_to_json(spec_from_json(echo)), echo);
  nlohmann::json bad = echo;
  bad["fiber"]["length_m"] = -3.0;
  EXPECT_THROW(spec_from_json(bad), ConfigError);
}

TEST(HtmlReport, KeysCarryUnitRangeAndDefault) {
  const nlohmann::json keys = keys_to_json();
  EXPECT_EQ(keys.size(), link_spec_fields().size());
  bool found = false;
  for (const auto& k : keys)
    if (k["key"] == "fiber.length_m") {
      found = true;
      EXPECT_EQ(k["unit"], "m");
      EXPECT_LT(k["min"].get<double>(), k["max"].get<double>());
      EXPECT_TRUE(k["default"].is_number());
    }
  EXPECT_TRUE(found);
}

TEST(HtmlReport, StatEyeOfADeadOrMissingChannelIsAConfigError) {
  const LinkSpec s = preset("prototype");
  EXPECT_THROW(stat_eye_grid_json(s, -1), ConfigError);
  EXPECT_THROW(stat_eye_grid_json(s, 100000), ConfigError);
  const nlohmann::json eye = stat_eye_grid_json(s, 0);
  EXPECT_EQ(eye["log10_ber"].size(), eye["phase_ui"].size() * eye["threshold_ua"].size());
}

}  // namespace
}  // namespace mosaic::report

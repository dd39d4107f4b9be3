// The HTML report: one self-contained document whose inline data parses back to the report.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "common/cli_run.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/stat_eye_figure.hpp"
#include "mosaic/pages/html_report.hpp"
#include "mosaic/record/figures_json.hpp"
#include "mosaic/record/keys_json.hpp"
#include "mosaic/record/spec_json.hpp"

namespace mosaic::pages {
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
  const nlohmann::json page =
      html_page_data(report, detect_report_kind(report, "x"), nlohmann::json::object());
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
  // A record names its kind in its header, whatever else it holds.
  EXPECT_EQ(detect_report_kind({{"kind", "cable"}, {"rows", 1}, {"cable_m", 1}}, "R"),
            ReportKind::kCable);
  EXPECT_EQ(detect_report_kind({{"kind", "relay"}}, "R"), ReportKind::kRelay);
  EXPECT_THROW(detect_report_kind({{"kind", "nonsense"}, {"per_year", 1}, {"links", 1}}, "R"),
               ConfigError);
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
  const nlohmann::json echo = record::spec_to_json(s);
  EXPECT_EQ(record::spec_to_json(record::spec_from_json(echo)), echo);
  nlohmann::json bad = echo;
  bad["fiber"]["length_m"] = -3.0;
  EXPECT_THROW(record::spec_from_json(bad), ConfigError);
}

TEST(HtmlReport, KeysCarryUnitRangeAndDefault) {
  const nlohmann::json keys = record::keys_to_json();
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
  EXPECT_THROW(stat_eye_figure(s, -1), ConfigError);
  EXPECT_THROW(stat_eye_figure(s, 100000), ConfigError);
  const nlohmann::json eye = record::stat_eye_to_json(stat_eye_figure(s, 0));
  EXPECT_EQ(eye["log10_ber"].size(), eye["phase_ui"].size() * eye["threshold_ua"].size());
}

// What a simulate page needs beyond its record: its worst active channel's statistical eye
// unless the record carries one or another channel is asked for; the baselines, the fleet and
// the survival curve. A fleet page needs only the survival curve; the others nothing.
TEST(HtmlReport, FiguresRequestFollowsTheRecord) {
  const power::BaselineCatalog catalog;
  const nlohmann::json simulate = {{"kind", "simulate"}, {"link", {{"worst_channel", 17}}}};
  PageFiguresRequest r = figures_request(simulate, ReportKind::kSimulate, std::nullopt, &catalog);
  EXPECT_EQ(r.stat_eye_channel, 17);
  EXPECT_EQ(r.catalog, &catalog);
  EXPECT_TRUE(r.fleet && r.survival);
  EXPECT_EQ(figures_request(simulate, ReportKind::kSimulate, 3, &catalog).stat_eye_channel, 3);
  nlohmann::json with_eye = simulate;
  with_eye["stat_eye"] = nlohmann::json::object();
  EXPECT_FALSE(figures_request(with_eye, ReportKind::kSimulate, std::nullopt, &catalog)
                   .stat_eye_channel.has_value());
  r = figures_request({{"kind", "fleet"}}, ReportKind::kFleet, std::nullopt, &catalog);
  EXPECT_TRUE(r.survival);
  EXPECT_FALSE(r.fleet || r.catalog || r.stat_eye_channel);
  r = figures_request({{"kind", "relay"}}, ReportKind::kRelay, std::nullopt, &catalog);
  EXPECT_FALSE(r.survival || r.fleet || r.catalog || r.stat_eye_channel);
}

// The page is the record and the figures it is handed, nothing computed: a figure given wins over
// the record's own, and every figure lands under its name.
TEST(HtmlReport, PageDataIsTheRecordAndTheFiguresHandedOver) {
  const nlohmann::json record = {{"kind", "simulate"},
                                 {"spec", record::spec_to_json(preset("800g"))},
                                 {"stat_eye", {{"channel", 1}}}};
  const nlohmann::json figures = {{"stat_eye", {{"channel", 2}}}, {"fleet", {{"links", 5}}}};
  const nlohmann::json page = html_page_data(record, ReportKind::kSimulate, figures);
  EXPECT_EQ(page["report"], record);
  EXPECT_EQ(page["stat_eye"]["channel"], 2);
  EXPECT_EQ(page["fleet"]["links"], 5);
  EXPECT_EQ(page["keys"].size(), link_spec_fields().size());
  EXPECT_EQ(html_page_data(record, ReportKind::kSimulate, {})["stat_eye"]["channel"], 1);
}

// A summary of `mosaic cable` from a real run (tests/data/cable_summary.json: two network
// namespaces, three channel deaths, BER 1e-6) is drawn by `mosaic report`, timeline included.
TEST(HtmlReport, ReportDrawsACableSummary) {
  const std::string summary = std::string(MOSAIC_SOURCE_DIR "/tests/data/cable_summary.json");
  const std::string page = ::testing::TempDir() + "cable_summary.html";
  const test::CliRun r = test::run_cli("report " + summary + " -o " + page);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const nlohmann::json data = nlohmann::json::parse(inline_data(html));
  EXPECT_EQ(data["kind"], "cable");
  EXPECT_GT(data["report"]["directions"]["ab"]["timeline"]["start_s"].size(), 10u);
  EXPECT_EQ(data["report"]["directions"]["ab"]["swap_count"], 3);
}

}  // namespace
}  // namespace mosaic::pages

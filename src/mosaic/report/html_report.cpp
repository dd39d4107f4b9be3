#include "mosaic/report/html_report.hpp"

#include <fstream>

#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/power/baseline.hpp"
#include "mosaic/reliability/fleet.hpp"
#include "mosaic/report/design_comparison.hpp"
#include "mosaic/report/html_figures.hpp"
#include "mosaic/report/power_json.hpp"
#include "mosaic/report/reliability_json.hpp"
#include "mosaic/report/spec_json.hpp"

namespace mosaic::report {
namespace {

// JSON inside a <script> element must not contain "</script" or "<!--": every '<' (which JSON
// only allows inside strings) becomes its \u escape, which parses back to the same text.
std::string script_safe_json(const nlohmann::json& j) {
  const std::string text = j.dump();
  std::string out;
  out.reserve(text.size() + 64);
  for (char c : text) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

int worst_active_channel(const nlohmann::json& report) {
  if (report.contains("link") && report["link"].contains("worst_channel"))
    return report["link"]["worst_channel"].get<int>();
  return -1;
}

}  // namespace

const char* report_kind_name(ReportKind kind) {
  switch (kind) {
    case ReportKind::kSimulate:
      return "simulate";
    case ReportKind::kRelay:
      return "relay";
    case ReportKind::kCompare:
      return "compare";
    case ReportKind::kFleet:
      return "fleet";
  }
  return "?";
}

ReportKind detect_report_kind(const nlohmann::json& r, const std::string& source) {
  if (r.is_object()) {
    if (r.contains("channels") && r.contains("link") && r.contains("spec"))
      return ReportKind::kSimulate;
    if (r.contains("bits_in") && r.contains("fec_codewords")) return ReportKind::kRelay;
    if (r.contains("rows") && r.contains("cable_m")) return ReportKind::kCompare;
    if (r.contains("per_year") && r.contains("links")) return ReportKind::kFleet;
  }
  throw ConfigError(source, "a JSON document of another kind",
                    "the --json output of mosaic simulate, relay, compare or fleet");
}

nlohmann::json html_page_data(const nlohmann::json& report, ReportKind kind,
                              const std::optional<LinkSpec>& given_spec,
                              std::optional<int> eye_channel,
                              const power::BaselineCatalog* catalog) {
  nlohmann::json page = {{"kind", report_kind_name(kind)},
                         {"generator", std::string("mosaic ") + kVersion},
                         {"report", report}};
  std::optional<LinkSpec> spec = given_spec;
  if (!spec && kind == ReportKind::kSimulate) spec = spec_from_json(report.at("spec"));
  if (!spec) return page;
  page["keys"] = keys_to_json();
  if (kind != ReportKind::kSimulate) page["spec"] = spec_to_json(*spec);
  if (kind == ReportKind::kSimulate) {
    if (eye_channel)
      page["stat_eye"] = stat_eye_grid_json(*spec, *eye_channel);
    else if (report.contains("stat_eye"))
      page["stat_eye"] = report["stat_eye"];
    else if (const int worst = worst_active_channel(report); worst >= 0)
      page["stat_eye"] = stat_eye_grid_json(*spec, worst);
    if (catalog) {
      // The design's power, FIT and latency as `mosaic compare` evaluates them (a pure function
      // of the recorded design, so the page shows the figures the report came from).
      EvalOptions quick;
      quick.margin = false;
      quick.bathtubs = false;
      quick.eye_heights = false;
      const Evaluation e = evaluate(*spec, quick);
      page["comparison"] = comparison_to_json(compare_design(e, *catalog, spec->fiber.length_m));
      page["comparison"]["catalog"] = catalog->origin;
    }
    // The fleet figures of `mosaic fleet` with its defaults: a fraction of a second.
    page["fleet"] = fleet_to_json(reliability::fleet_monte_carlo(*spec, {}));
  }
  if (kind == ReportKind::kSimulate || kind == ReportKind::kFleet)
    page["survival"] = survival_curve_json(*spec);
  return page;
}

std::string render_html(const nlohmann::json& page) {
  const std::string title =
      std::string("mosaic ") + page.value("kind", std::string("report")) + " report";
  std::string html;
  const std::string_view script = report_page_script();
  const std::string data = script_safe_json(page);
  html.reserve(script.size() + data.size() + 1024);
  html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html +=
      "<meta name=\"generator\" content=\"" + html_escape(page.value("generator", "")) + "\">\n";
  html += "<title>" + html_escape(title) + "</title>\n</head>\n<body>\n";
  html +=
      "<div id=\"app\"><noscript>This report draws its figures with JavaScript.</noscript></div>\n";
  html += "<script id=\"mosaic-data\" type=\"application/json\">";
  html += data;
  html += "</script>\n<script>\n";
  html += script;
  html += "\n</script>\n</body>\n</html>\n";
  return html;
}

}  // namespace mosaic::report

#include "mosaic/pages/html_report.hpp"

#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/record/cluster_json.hpp"
#include "mosaic/record/keys_json.hpp"

namespace mosaic::pages {
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
    case ReportKind::kCable:
      return "cable";
    case ReportKind::kCluster:
      return "cluster";
  }
  return "?";
}

ReportKind detect_report_kind(const nlohmann::json& r, const std::string& source) {
  if (r.is_object()) {
    if (const auto k = r.find("kind"); k != r.end() && k->is_string()) {
      for (ReportKind kind : {ReportKind::kSimulate, ReportKind::kRelay, ReportKind::kCompare,
                              ReportKind::kFleet, ReportKind::kCable, ReportKind::kCluster})
        if (*k == report_kind_name(kind)) return kind;
    } else {
      // Records from before the header named their kind.
      if (r.contains("channels") && r.contains("link") && r.contains("spec"))
        return ReportKind::kSimulate;
      if (r.contains("bits_in") && r.contains("fec_codewords")) return ReportKind::kRelay;
      if (r.contains("rows") && r.contains("cable_m")) return ReportKind::kCompare;
      if (r.contains("per_year") && r.contains("links")) return ReportKind::kFleet;
    }
  }
  throw ConfigError(source, "a JSON document of another kind",
                    "the JSON record of mosaic simulate, relay, compare, fleet, cable or "
                    "cluster");
}

PageFiguresRequest figures_request(const nlohmann::json& record, ReportKind kind,
                                   std::optional<int> eye_channel,
                                   const power::BaselineCatalog* catalog) {
  PageFiguresRequest request;
  if (kind == ReportKind::kSimulate) {
    if (eye_channel)
      request.stat_eye_channel = eye_channel;
    else if (!record.contains("stat_eye"))
      if (const int worst = worst_active_channel(record); worst >= 0)
        request.stat_eye_channel = worst;
    // The record's sampling phase of that channel, where it has one: the page's eye is then
    // annotated at the point the run sampled (a forwarded clock's row phase).
    if (request.stat_eye_channel && record.contains("channels") && record["channels"].is_array()) {
      const auto& channels = record["channels"];
      const int c = *request.stat_eye_channel;
      if (c >= 0 && c < static_cast<int>(channels.size()) && channels[c].is_object()) {
        const auto phase = channels[c].find("sampling_phase_ui");
        if (phase != channels[c].end() && phase->is_number())
          request.stat_eye_phase_ui = phase->get<double>();
      }
    }
    request.catalog = catalog;
    request.fleet = true;
  }
  request.survival = kind == ReportKind::kSimulate || kind == ReportKind::kFleet;
  return request;
}

nlohmann::json html_page_data(const nlohmann::json& record, ReportKind kind,
                              const nlohmann::json& figures) {
  nlohmann::json page = {{"kind", report_kind_name(kind)},
                         {"generator", std::string("mosaic ") + kVersion},
                         {"report", record}};
  if (!record.contains("spec")) return page;
  page["keys"] = record::keys_to_json();
  if (kind != ReportKind::kSimulate) page["spec"] = record["spec"];
  if (kind == ReportKind::kCluster) page["cluster_keys"] = record::cluster_keys_to_json();
  if (kind == ReportKind::kSimulate && record.contains("stat_eye"))
    page["stat_eye"] = record["stat_eye"];
  for (const auto& [name, value] : figures.items()) page[name] = value;
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

}  // namespace mosaic::pages

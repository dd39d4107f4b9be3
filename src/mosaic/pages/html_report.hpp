#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "mosaic/evaluate/page_figures.hpp"

namespace mosaic::pages {

// Which study produced a record; the page draws a different set of figures for each.
enum class ReportKind { kSimulate, kRelay, kCompare, kFleet, kCable, kCluster };

const char* report_kind_name(ReportKind kind);
// The record's `kind` (records older than it are recognised by their content). Throws ConfigError
// naming `source` when it is none of the kinds a page is drawn for.
ReportKind detect_report_kind(const nlohmann::json& record, const std::string& source);

// What the study asking for a record's page must compute for it (see page_figures): for a
// simulate record its statistical eye (eye_channel, else the record's own grid, else the worst
// active channel), the design beside the catalog's baselines, the fleet figures and the survival
// curve; for a fleet record the survival curve.
PageFiguresRequest figures_request(const nlohmann::json& record, ReportKind kind,
                                   std::optional<int> eye_channel,
                                   const power::BaselineCatalog* catalog);

// Everything a page shows: the record itself, the figures computed for it (figures_to_json) and
// the design keys' descriptions. Computes nothing.
nlohmann::json html_page_data(const nlohmann::json& record, ReportKind kind,
                              const nlohmann::json& figures);

// One self-contained HTML document: the page script and styles (bundled from web/ at build time)
// and the data, inline. Opens offline from a file; fetches nothing.
std::string render_html(const nlohmann::json& page_data);

// The bundled page script (web/dist/report.js), as embedded at build time.
std::string_view report_page_script();

}  // namespace mosaic::pages

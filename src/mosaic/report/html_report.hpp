#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/power/baseline.hpp"

namespace mosaic::report {

// Which command produced a JSON report; the page draws a different set of figures for each.
enum class ReportKind { kSimulate, kRelay, kCompare, kFleet };

const char* report_kind_name(ReportKind kind);
// Recognises a report by its content. Throws ConfigError naming `source` when it is none of them.
ReportKind detect_report_kind(const nlohmann::json& report, const std::string& source);

// Everything the page shows: the report itself plus the figures it needs that the JSON report
// does not carry (statistical eye grid, survival curve, baselines, fleet Monte Carlo with the
// `mosaic fleet` defaults, design keys with defaults),
// computed from `spec` when given, else from the design the report echoes (simulate only).
// eye_channel: whose statistical eye to draw (default: the report's own grid, else the worst
// active channel).
nlohmann::json html_page_data(const nlohmann::json& report, ReportKind kind,
                              const std::optional<LinkSpec>& spec = std::nullopt,
                              std::optional<int> eye_channel = std::nullopt,
                              const power::BaselineCatalog* catalog = nullptr);

// One self-contained HTML document: the page script and styles (bundled from web/ at build time)
// and the data, inline. Opens offline from a file; fetches nothing.
std::string render_html(const nlohmann::json& page_data);

// The bundled page script (web/dist/report.js), as embedded at build time.
std::string_view report_page_script();

}  // namespace mosaic::report

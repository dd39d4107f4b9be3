#include "mosaic_io/record_page.hpp"

#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/page_figures.hpp"
#include "mosaic/pages/html_report.hpp"
#include "mosaic/record/figures_json.hpp"
#include "mosaic/record/spec_json.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/html_file.hpp"
#include "mosaic_io/record_reader.hpp"

namespace mosaic::io {
namespace {

nlohmann::json page_of(const nlohmann::json& record, const std::string& source,
                       std::optional<int> eye_stat) {
  const pages::ReportKind kind = pages::detect_report_kind(record, source);
  if (eye_stat && kind != pages::ReportKind::kSimulate)
    throw ConfigError("eye_stat", std::to_string(*eye_stat), "only with a simulate record");
  PageFigures figures;
  if (record.contains("spec")) {
    const LinkSpec spec = record::spec_from_json(record.at("spec"));
    const power::BaselineCatalog catalog = load_baseline_catalog(default_catalog_path());
    figures = page_figures(spec, pages::figures_request(record, kind, eye_stat, &catalog));
  }
  return pages::html_page_data(record, kind, record::figures_to_json(figures));
}

}  // namespace

nlohmann::json record_page_data(const nlohmann::json& record, const std::string& source,
                                std::optional<int> eye_stat) {
  check_record(record, source);
  try {
    return page_of(record, source, eye_stat);
  } catch (const nlohmann::json::exception& e) {
    // A member deeper inside than check_record looks, of a type mosaic never writes there.
    throw ConfigError(source, "a record whose members are not as mosaic writes them",
                      "the --json record of a mosaic command", e.what());
  }
}

void write_record_page(const nlohmann::json& record, const std::string& path,
                       const std::string& field, std::optional<int> eye_stat) {
  write_html_file(record_page_data(record, "record", eye_stat), path, field);
}

}  // namespace mosaic::io

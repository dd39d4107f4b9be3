#include "mosaic/core/options/report_options.hpp"

#include "mosaic/core/error.hpp"

namespace mosaic::study {

FieldTable<ReportOptions> ReportOptions::fields() {
  using namespace schema;
  using O = ReportOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(positional(path(
        text<O>("input", &O::input, "a JSON record or a sweep store",
                "The JSON record of simulate, relay, compare, fleet or cable, or a sweep store"))));
    t.push_back(path(text<O>("output", &O::output, "a file path", "HTML page to write")));
    t.push_back(optional_integer<O>("eye_stat", &O::eye_stat, 0, 1 << 24, "",
                                    "Channel whose statistical eye to draw (simulate records; "
                                    "default: the record's, else the worst active channel)"));
    t.push_back(optional_integer<O>("point", &O::point, 0, 9007199254740991.0, "",
                                    "Sweep store only: the page of this one point (its index)"));
    t.push_back(choice<O>("point_pages", &O::point_pages,
                          "Sweep store only: which points get their own page beside the sweep "
                          "page (auto: all up to 200 points, else the Pareto front)"));
    return t;
  }();
  return table;
}

void ReportOptions::validate() const {
  check_fields(*this, fields());
  if (input.empty()) throw ConfigError("input", "\"\"", "a JSON record or a sweep store");
  if (output.empty()) throw ConfigError("output", "\"\"", "a file path for the page");
  if (point && point_pages != PointPages::kAuto)
    throw ConfigError("point_pages", "with point", "not with point (one page only)");
}

}  // namespace mosaic::study

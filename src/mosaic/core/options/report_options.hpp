#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// Which points of a sweep store get their own page beside the sweep page.
enum class PointPages { kAuto, kAll, kPareto, kNone };

}  // namespace mosaic::study

namespace mosaic {
template <>
struct EnumNames<study::PointPages> {
  static constexpr std::array<std::pair<study::PointPages, const char*>, 4> kValues{{
      {study::PointPages::kAuto, "auto"},
      {study::PointPages::kAll, "all"},
      {study::PointPages::kPareto, "pareto"},
      {study::PointPages::kNone, "none"},
  }};
};
}  // namespace mosaic

namespace mosaic::study {

// The options of `mosaic report`: an HTML page of a JSON record or of a sweep store.
struct ReportOptions {
  std::string input;                  // a JSON record or a sweep store (path)
  std::string output = "report.html";  // the page (path)
  std::optional<int> eye_stat;        // whose statistical eye to draw (simulate records)
  std::optional<std::int64_t> point;  // a sweep store's one point, as its own page
  PointPages point_pages = PointPages::kAuto;

  static FieldTable<ReportOptions> fields();
  void validate() const;
};

// Above this many points a store's page links the Pareto front's pages only (kAuto).
inline constexpr std::size_t kAllPointPagesUpTo = 200;

}  // namespace mosaic::study

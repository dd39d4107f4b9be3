#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mosaic/power/baseline.hpp"
#include "mosaic/sweep/pareto.hpp"
#include "mosaic/sweep/store_reader.hpp"

namespace mosaic::sweep {

// Which points of a store get their own report page beside the sweep page.
enum class PointPages { kAll, kPareto, kNone };

// Without a choice, every point gets a page up to this many points, else only the front of the
// default axes: a page is about a megabyte and a second of work.
inline constexpr std::size_t kAllPointPagesUpTo = 200;

const char* point_pages_name(PointPages pages);

struct SweepPageOptions {
  std::optional<PointPages> point_pages;  // nullopt: the default above
  std::string pages_dir;                  // folder of the point pages, relative to the sweep page
  std::string store_arg;  // the store's path as the user gave it (for the command shown)
  std::string command;    // the command line that made the page
};

struct SweepPage {
  nlohmann::json data;  // the page's data (report::render_html draws it)
  PointPages point_pages = PointPages::kAll;
  std::vector<std::int64_t> pages;  // the points that get a page, ascending
};

// The two objectives the page opens with: power per end (minimised) against the optical margin
// (maximised) when the store has margins, else against the worst active BER (minimised); the
// first numeric columns that vary when a store has neither.
std::vector<Objective> default_axes(const StoreTable& table);

// The stored points not dominated on `axes` (rows where either value is NULL take no part), as
// point indices ordered by the first objective.
std::vector<std::int64_t> front_points(const StoreTable& table, const std::vector<Objective>& axes);

// Everything the sweep page shows: the rows as column arrays (columns that vary; the others with
// their one value), units and meanings, the default axes and their front, which points have a
// page and the link to it, the sweep file, the common header and the assumptions. Throws
// ConfigError("REPORT", ...) for a store without points.
SweepPage sweep_page(const StoreReader& store, const SweepPageOptions& options);

// "point-7.html"
std::string point_page_name(std::int64_t point);

// The page data of one point's own report (a `mosaic simulate` page, from the report the store
// keeps). `sweep_page_link`: the sweep page relative to the point's page ("" for none).
// Throws ConfigError("--point", ...) when the store has no such point.
nlohmann::json point_page_data(const StoreReader& store, std::int64_t point,
                               const power::BaselineCatalog* catalog,
                               std::optional<int> eye_channel = std::nullopt,
                               const std::string& sweep_page_link = {});
// The same from the point's stored report text (store.report_json(point)), touching no database:
// safe to call from several threads.
nlohmann::json point_page_data(const std::string& report_text, std::int64_t point,
                               const std::string& store_name, const power::BaselineCatalog* catalog,
                               std::optional<int> eye_channel = std::nullopt,
                               const std::string& sweep_page_link = {});

}  // namespace mosaic::sweep

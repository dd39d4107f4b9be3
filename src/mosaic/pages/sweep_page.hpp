#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mosaic/core/options/report_options.hpp"
#include "mosaic/pages/html_report.hpp"
#include "mosaic/sweep/pareto.hpp"
#include "mosaic/sweep/store_reader.hpp"

namespace mosaic::pages {

using study::PointPages;

const char* point_pages_name(PointPages pages);

struct SweepPageOptions {
  PointPages point_pages = PointPages::kAuto;  // kAuto: all up to kAllPointPagesUpTo, else pareto
  std::string pages_dir;  // folder of the point pages, relative to the sweep page
  std::string store_arg;  // the store's path as the user gave it (for the command shown)
  std::string command;    // the command line that made the page
  // Next steps in the caller's own surface (a CLI line, a Python call): the page shows them as
  // given, so pages name no flag. point_command draws the page of the point "{point}" stands for;
  // resume_command completes a store that holds no point yet. Empty: the page says it in words.
  std::string point_command;
  std::string resume_command;
};

struct SweepPage {
  nlohmann::json data;  // the page's data (pages::render_html draws it)
  PointPages point_pages = PointPages::kAll;
  std::vector<std::int64_t> pages;  // the points that get a page, ascending
};

// The two objectives the page opens with: power per end (minimised) against the optical margin
// (maximised) when the store has margins, else against the worst active BER (minimised); the
// first numeric columns that vary when a store has neither.
std::vector<sweep::Objective> default_axes(const sweep::StoreTable& table);

// The stored points not dominated on `axes` (rows where either value is NULL take no part), as
// point indices ordered by the first objective.
std::vector<std::int64_t> front_points(const sweep::StoreTable& table,
                                       const std::vector<sweep::Objective>& axes);

// Everything the sweep page shows: the rows as column arrays (columns that vary; the others with
// their one value), units and meanings, the default axes and their front, which points have a
// page and the link to it, the sweep file, the common header and the assumptions. Throws
// ConfigError("REPORT", ...) for a store without points.
SweepPage sweep_page(const sweep::StoreReader& store, const SweepPageOptions& options);

// "point-7.html"
std::string point_page_name(std::int64_t point);

// A point's stored report, parsed (ConfigError naming `point` when the store has no such point).
nlohmann::json point_report(const sweep::StoreReader& store, std::int64_t point);
// The same from the report text the store keeps (store.report_json(point)), touching no
// database: safe to call from several threads.
nlohmann::json parse_point_report(const std::string& report_text, std::int64_t point,
                                  const std::string& store_name);

// The page data of one point's own report with the figures computed for it (page_figures of
// figures_request(report, kSimulate, ...)). `sweep_page_link`: the sweep page relative to the
// point's page ("" for none); `store_file`: the store's file name as the page shows it.
nlohmann::json point_page_data(const nlohmann::json& report, std::int64_t point,
                               const std::string& store_file, const nlohmann::json& figures,
                               const std::string& sweep_page_link = {});

}  // namespace mosaic::pages

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/sweep/store_reader.hpp"
#include "mosaic/sweep/sweep_page.hpp"
#include "mosaic_io/atomic_file.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/html_file.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct ReportArgs {
  std::string input;
  std::string output = "report.html";
  std::optional<int> eye_stat;
  std::optional<std::int64_t> point;
  std::optional<std::string> point_pages;
};

int run_json_report(const ReportArgs& args) {
  if (args.point)
    throw ConfigError("--point", std::to_string(*args.point),
                      "only with a sweep store (mosaic report results.db --point N)");
  if (args.point_pages)
    throw ConfigError("--point-pages", *args.point_pages,
                      "only with a sweep store (mosaic report results.db)");
  std::ifstream in(args.input);
  if (!in)
    throw ConfigError("REPORT", "\"" + args.input + "\"",
                      "a readable JSON report or a sweep store made by `mosaic sweep`");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const std::exception&) {
    throw ConfigError("REPORT", "\"" + args.input + "\"",
                      "valid JSON (the --json output of a mosaic command) or a sweep store");
  }
  const report::ReportKind kind = report::detect_report_kind(j, "REPORT");
  if (args.eye_stat && kind != report::ReportKind::kSimulate)
    throw ConfigError("--eye-stat", std::to_string(*args.eye_stat),
                      "only with a `mosaic simulate` report");
  const power::BaselineCatalog catalog = io::load_baseline_catalog(io::default_catalog_path());
  io::write_html_file(report::html_page_data(j, kind, std::nullopt, args.eye_stat, &catalog),
                      args.output, "-o");
  return 0;
}

std::optional<sweep::PointPages> parse_point_pages(const std::optional<std::string>& value) {
  if (!value) return std::nullopt;
  if (*value == "all") return sweep::PointPages::kAll;
  if (*value == "pareto") return sweep::PointPages::kPareto;
  if (*value == "none") return sweep::PointPages::kNone;
  throw ConfigError("--point-pages", "\"" + *value + "\"", "all, pareto or none");
}

// The sweep page, and beside it a folder `<stem>_points/` with the points' own pages. The point
// pages are written first, so that no link on the sweep page ever points at nothing.
int run_store_report(const ReportArgs& args) {
  const std::optional<sweep::PointPages> policy = parse_point_pages(args.point_pages);
  const sweep::StoreReader store(args.input, "REPORT");
  const power::BaselineCatalog catalog = io::load_baseline_catalog(io::default_catalog_path());
  if (args.point) {
    if (policy)
      throw ConfigError("--point-pages", *args.point_pages, "not with --point (one page only)");
    io::write_html_file(sweep::point_page_data(store, *args.point, &catalog, args.eye_stat),
                        args.output, "-o");
    return 0;
  }
  if (args.eye_stat)
    throw ConfigError("--eye-stat", std::to_string(*args.eye_stat),
                      "only with a simulate report or with --point N for a sweep store");

  const std::filesystem::path output(args.output);
  // As for every page mosaic writes: the directory must exist (the points' folder is made in it).
  if (!output.parent_path().empty() && !std::filesystem::is_directory(output.parent_path()))
    throw ConfigError("-o", "\"" + args.output + "\"", "a file path in an existing directory");
  sweep::SweepPageOptions options;
  options.point_pages = policy;
  options.pages_dir = output.stem().string() + "_points";
  options.store_arg = args.input;
  options.command = invocation();
  const sweep::SweepPage page = sweep::sweep_page(store, options);

  if (!page.pages.empty()) {
    const std::filesystem::path dir = output.parent_path() / options.pages_dir;
    std::error_code ec;
    std::filesystem::create_directory(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
      throw ConfigError("-o", "\"" + args.output + "\"",
                        "a place where the folder " + dir.string() + " can be made");
    const std::string back = "../" + output.filename().string();
    TerminalProgress progress("point pages");
    const std::size_t total = page.pages.size();
    // Pages are computed in parallel batches (each a pure function of its stored report, so the
    // thread count changes nothing) and written by this thread (outputs open on one thread).
    const std::size_t batch = 2 * static_cast<std::size_t>(resolve_threads(0));
    std::vector<std::string> html;
    for (std::size_t start = 0; start < total; start += batch) {
      const std::size_t count = std::min(batch, total - start);
      html.assign(count, {});
      for (std::size_t i = 0; i < count; ++i)
        html[i] = store.report_json(page.pages[start + i]).value_or(std::string());
      parallel_for(count, 0, [&](std::size_t i) {
        html[i] = report::render_html(sweep::point_page_data(
            html[i], page.pages[start + i], args.input, &catalog, std::nullopt, back));
      });
      for (std::size_t i = 0; i < count; ++i) {
        io::AtomicFile file((dir / sweep::point_page_name(page.pages[start + i])).string(), "-o");
        file.write(html[i]);
        file.commit();
      }
      const std::size_t done = start + count;
      progress.update(static_cast<double>(done) / static_cast<double>(total),
                      std::to_string(done) + " of " + std::to_string(total) + " pages");
    }
    progress.finish();
  }
  io::write_html_file(page.data, args.output, "-o");
  return 0;
}

int run_report(const ReportArgs& args) {
  if (sweep::is_sqlite_file(args.input)) return run_store_report(args);
  return run_json_report(args);
}

const RegisterCommand kReport(60, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<ReportArgs>();
  auto* cmd = parent.add_subcommand(
      "report",
      "Turn the --json output of simulate, relay, compare or fleet into one self-contained HTML "
      "page (array map, eyes, bathtubs, BER histogram, power beside the baselines, reliability); "
      "turn a sweep store into a page with a Pareto scatter over any two columns, a sortable "
      "table of every point and a link to each point's own report (written beside it in "
      "<output stem>_points/)");
  cmd->add_option("REPORT", args->input,
                  "JSON report (mosaic simulate|relay|compare|fleet --json), or a sweep store "
                  "(SQLite, mosaic sweep --store)")
      ->required()
      ->type_name("REPORT.json|STORE.db");
  cmd->add_option("-o,--output", args->output, "HTML file to write (default report.html)")
      ->type_name("FILE");
  cmd->add_option("--eye-stat", args->eye_stat,
                  "Channel whose statistical eye to draw (default: the report's, else the worst)")
      ->type_name("CHANNEL");
  cmd->add_option("--point", args->point,
                  "Sweep store only: write the report of this one point (its index) to -o")
      ->type_name("N");
  cmd->add_option("--point-pages", args->point_pages,
                  "Sweep store only: which points get their own page beside the sweep page: all, "
                  "pareto (the front of the page's default axes) or none (default: all up to " +
                      std::to_string(sweep::kAllPointPagesUpTo) + " points, else pareto)")
      ->type_name("all|pareto|none");
  return [args] { return run_report(*args); };
});

}  // namespace
}  // namespace mosaic::cli

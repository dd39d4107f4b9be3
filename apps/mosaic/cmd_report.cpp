#include <algorithm>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/options/report_options.hpp"
#include "mosaic/core/options/sweep_options.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/evaluate/page_figures.hpp"
#include "mosaic/pages/html_report.hpp"
#include "mosaic/pages/sweep_page.hpp"
#include "mosaic/record/figures_json.hpp"
#include "mosaic/record/spec_json.hpp"
#include "mosaic/sweep/store_reader.hpp"
#include "mosaic_io/atomic_file.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/html_file.hpp"
#include "mosaic_io/output_path.hpp"
#include "mosaic_io/record_page.hpp"
#include "mosaic_io/record_reader.hpp"
#include "study_flags.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

using study::ReportOptions;

int run_record_report(const ReportOptions& args) {
  if (args.point)
    throw ConfigError("point", std::to_string(*args.point),
                      "only with a sweep store (mosaic report results.db --point N)");
  if (args.point_pages != study::PointPages::kAuto)
    throw ConfigError("point_pages", pages::point_pages_name(args.point_pages),
                      "only with a sweep store (mosaic report results.db)");
  // Bounded: a regular file within the record limit and the memory budget, nesting checked,
  // the record's header and members checked (io/record_reader.hpp).
  const nlohmann::json record = io::read_record(args.input, "input");
  io::write_html_file(io::record_page_data(record, "input", args.eye_stat), args.output, "output");
  return 0;
}

// A path as one shell word, quoted only where it must be (the commands a page suggests).
std::string shell_word(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789._-/+=:,") == std::string::npos)
    return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// The figures of one point's page (each a pure function of the point's stored design).
nlohmann::json point_figures(const nlohmann::json& report, std::optional<int> eye_stat,
                             const power::BaselineCatalog& catalog) {
  const LinkSpec spec = record::spec_from_json(report.at("spec"));
  const pages::ReportKind kind = pages::detect_report_kind(report, "point");
  return record::figures_to_json(
      page_figures(spec, pages::figures_request(report, kind, eye_stat, &catalog)));
}

// The sweep page, and beside it a folder `<stem>_points/` with the points' own pages. The point
// pages are written first, so that no link on the sweep page ever points at nothing.
int run_store_report(const ReportOptions& args) {
  const sweep::StoreReader store(args.input, "input");
  const power::BaselineCatalog catalog = io::load_baseline_catalog(io::default_catalog_path());
  const std::string store_file = std::filesystem::path(store.path()).filename().string();
  if (args.point) {
    const nlohmann::json report = pages::point_report(store, *args.point);
    io::write_html_file(pages::point_page_data(report, *args.point, store_file,
                                               point_figures(report, args.eye_stat, catalog)),
                        args.output, "output");
    return 0;
  }
  if (args.eye_stat)
    throw ConfigError("eye_stat", std::to_string(*args.eye_stat),
                      "only with a simulate record or with point N for a sweep store");

  const std::filesystem::path output(args.output);
  // As for every page mosaic writes: the directory must exist (the points' folder is made in it).
  if (!output.parent_path().empty() && !std::filesystem::is_directory(output.parent_path()))
    throw ConfigError("output", "\"" + args.output + "\"", "a file path in an existing directory");
  pages::SweepPageOptions options;
  options.point_pages = args.point_pages;
  options.pages_dir = output.stem().string() + "_points";
  options.store_arg = args.input;
  options.command = invocation();
  options.point_command = command_line<ReportOptions>(
      "report",
      {{"input", shell_word(args.input)}, {"point", "{point}"}, {"output", "point-{point}.html"}});
  options.resume_command = command_line<study::SweepOptions>(
      "sweep", {{"sweep", "SWEEP.toml"}, {"store", shell_word(args.input)}, {"resume", ""}});
  const pages::SweepPage page = pages::sweep_page(store, options);

  if (!page.pages.empty()) {
    const std::filesystem::path dir = output.parent_path() / options.pages_dir;
    std::error_code ec;
    std::filesystem::create_directory(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
      throw ConfigError("output", "\"" + args.output + "\"",
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
        const std::int64_t point = page.pages[start + i];
        const nlohmann::json report = pages::parse_point_report(html[i], point, store.path());
        html[i] = pages::render_html(pages::point_page_data(
            report, point, store_file, point_figures(report, std::nullopt, catalog), back));
      });
      for (std::size_t i = 0; i < count; ++i) {
        io::AtomicFile file((dir / pages::point_page_name(page.pages[start + i])).string(),
                            "output");
        file.write(html[i]);
        file.commit();
      }
      const std::size_t done = start + count;
      progress.update(static_cast<double>(done) / static_cast<double>(total),
                      std::to_string(done) + " of " + std::to_string(total) + " pages");
    }
    progress.finish();
  }
  io::write_html_file(page.data, args.output, "output");
  return 0;
}

int run_report(const ReportOptions& args) {
  args.validate();
  // Before anything is read: the page may not replace its own input (`report S.db -o S.db`), a
  // device, a FIFO or a directory.
  io::check_output_path(args.output, "output", {args.input});
  if (sweep::is_sqlite_file(args.input)) return run_store_report(args);
  return run_record_report(args);
}

const RegisterCommand kReport(60, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<ReportOptions>();
  auto* cmd = parent.add_subcommand(
      "report",
      "Turn the --json record of simulate, relay, compare, fleet or cable into one self-contained "
      "HTML page (array map, eyes, bathtubs, BER histogram, power beside the baselines, "
      "reliability); turn a sweep store into a page with a Pareto scatter over any two columns, "
      "a sortable table of every point and a link to each point's own report (written beside it "
      "in <output stem>_points/)");
  // The one short flag: `-o` is what every tool that writes a file takes.
  add_study_flags(*cmd, args, {{"output", "-o"}});
  return [args] { return run_report(*args); };
});

}  // namespace
}  // namespace mosaic::cli

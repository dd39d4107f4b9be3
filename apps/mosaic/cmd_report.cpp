#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/html_file.hpp"

namespace mosaic::cli {
namespace {

struct ReportArgs {
  std::string input;
  std::string output = "report.html";
  std::optional<int> eye_stat;
};

int run_report(const ReportArgs& args) {
  std::ifstream in(args.input);
  if (!in) throw ConfigError("REPORT", "\"" + args.input + "\"", "a readable JSON report");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const std::exception&) {
    throw ConfigError("REPORT", "\"" + args.input + "\"",
                      "valid JSON (the --json output of a mosaic command)");
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

const RegisterCommand kReport(60, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<ReportArgs>();
  auto* cmd = parent.add_subcommand(
      "report",
      "Turn the --json output of simulate, relay, compare or fleet into one self-contained HTML "
      "page (array map, eyes, bathtubs, BER histogram, power beside the baselines, reliability)");
  cmd->add_option("REPORT", args->input, "JSON report (mosaic simulate|relay|compare|fleet --json)")
      ->required()
      ->type_name("REPORT.json");
  cmd->add_option("-o,--output", args->output, "HTML file to write (default report.html)")
      ->type_name("FILE");
  cmd->add_option("--eye-stat", args->eye_stat,
                  "Channel whose statistical eye to draw (default: the report's, else the worst)")
      ->type_name("CHANNEL");
  return [args] { return run_report(*args); };
});

}  // namespace
}  // namespace mosaic::cli

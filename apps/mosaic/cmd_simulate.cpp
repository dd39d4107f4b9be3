#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <vector>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/options/simulate_options.hpp"
#include "mosaic/evaluate/simulate_study.hpp"
#include "mosaic/pages/text_summary.hpp"
#include "mosaic/record/documents.hpp"
#include "mosaic/record/report_json.hpp"
#include "mosaic_io/atomic_file.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/record_page.hpp"
#include "output_options.hpp"
#include "spec_options.hpp"
#include "study_flags.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct SimulateArgs {
  SpecRequest spec;
  std::shared_ptr<study::SimulateOptions> options = std::make_shared<study::SimulateOptions>();
  OutputOptions output;
  std::optional<std::string> out_dir;
  bool check = false;
};

// `simulate --check` exits with this when the design's verdict fails (now or at end of life):
// distinct from 1 (an output not written) and 2 (bad input), so that CI can tell them apart.
constexpr int kVerdictFails = 4;

// report.json, channels.csv and the eye files are all written to temporaries first and renamed
// only once every one of them is complete, so an error leaves the previous set untouched.
void write_out_dir(const std::string& dir, const Evaluation& r, const nlohmann::json& report) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec))
    throw ConfigError("out", "\"" + dir + "\"", "a directory that exists or can be created");
  std::vector<std::unique_ptr<io::AtomicFile>> files;
  auto add = [&](const std::string& name, const std::string& text) {
    files.push_back(std::make_unique<io::AtomicFile>((fs::path(dir) / name).string(), "--out"));
    files.back()->write(text);
  };
  add("report.json", report.dump(1) + "\n");
  std::ostringstream csv;
  record::write_channels_csv(r, csv);
  add("channels.csv", csv.str());
  if (r.link_budget) {
    std::ostringstream budget;
    record::write_link_budget_csv(*r.link_budget, budget);
    add("link_budget.csv", budget.str());
  }
  if (r.monte_carlo)
    for (const auto& eye : r.monte_carlo->eyes) {
      std::ostringstream eye_csv;
      record::write_eye_csv(eye, eye_csv);
      add("eye_" + std::to_string(eye.channel) + ".csv", eye_csv.str());
    }
  for (auto& f : files) f->commit();
}

int run_simulate(const SimulateArgs& args) {
  check_outputs(args.output, {args.spec.toml_path.value_or("")});
  const LinkSpec spec = load_spec(args.spec);
  TerminalProgress progress("simulate");
  TerminalProgress mc_progress("monte carlo");
  // The ensemble is read only when its ranges are asked for (a sweep's designs never read it).
  std::optional<CalibrationEnsemble> ensemble;
  if (args.options->calibration_ranges) ensemble = io::load_calibration_ensemble();
  const SimulateResult r =
      simulate(spec, *args.options, &progress, &mc_progress, ensemble ? &*ensemble : nullptr);
  progress.finish();
  mc_progress.finish();
  record::JsonOptions json_options;
  json_options.command = invocation();
  json_options.all_bathtubs = args.options->all_bathtubs;
  const nlohmann::json document = record::simulate_record(r, json_options);
  if (!args.output.html.empty()) io::write_record_page(document, args.output.html, "--html");
  if (args.out_dir) write_out_dir(*args.out_dir, r.evaluation, document);
  if (args.output.json) {
    std::cout << document.dump(1) << '\n';
  } else {
    std::cout << pages::text_summary(r.evaluation, r.calibration ? &*r.calibration : nullptr);
  }
  return args.check && !r.evaluation.verdict.meets ? kVerdictFails : 0;
}

const RegisterCommand kSimulate(10, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<SimulateArgs>();
  auto* cmd = parent.add_subcommand(
      "simulate",
      "Evaluate every channel of a design (statistical eye: BER, Q, eye, bathtub), assign data / "
      "ECC / spare lanes and report the link against the KP4 pre-FEC threshold");
  add_spec_options(*cmd, args->spec);
  add_study_flags(*cmd, args->options);
  add_output_options(*cmd, args->output, "the full record");
  cmd->add_option_function<std::string>(
         "--out",
         [args](const std::string& dir) {
           if (dir.empty()) throw ConfigError("out", "\"\"", "a directory path");
           args->out_dir = dir;
         },
         "Also write report.json, channels.csv and link_budget.csv into DIR (each file replaced "
         "whole or not at "
         "all)")
      ->type_name("DIR");
  cmd->add_flag("--check", args->check,
                "Exit 4 when the design's verdict fails (now or at end of life): for CI");
  return [args] { return run_simulate(*args); };
});

}  // namespace
}  // namespace mosaic::cli

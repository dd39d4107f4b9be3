#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/spec/loader.hpp"
#include "mosaic/report/report_json.hpp"
#include "mosaic/report/simulate.hpp"
#include "mosaic/report/text_summary.hpp"
#include "spec_options.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct SimulateArgs {
  SpecRequest spec;
  int threads = 0;
  bool json = false;
  bool all_bathtubs = false;
  bool no_margin = false;
  std::string out_dir;
};

int run_simulate(const SimulateArgs& args) {
  const LinkSpec spec = load_spec(args.spec);
  TerminalProgress progress("simulate");
  report::SimulateOptions options;
  options.threads = args.threads;
  options.progress = &progress;
  options.margin = !args.no_margin;
  const report::LinkReport r = report::simulate(spec, options, invocation());
  progress.finish();
  report::JsonOptions json_options;
  json_options.all_bathtubs = args.all_bathtubs;
  if (!args.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(args.out_dir, ec);
    if (ec) throw ConfigError("--out", "\"" + args.out_dir + "\"", "a directory that can be created");
    std::ofstream json_file(std::filesystem::path(args.out_dir) / "report.json");
    std::ofstream csv_file(std::filesystem::path(args.out_dir) / "channels.csv");
    if (!json_file || !csv_file)
      throw ConfigError("--out", "\"" + args.out_dir + "\"", "a writable directory");
    json_file << report::to_json(r, json_options).dump(1) << '\n';
    report::write_channels_csv(r, csv_file);
  }
  if (args.json) {
    std::cout << report::to_json(r, json_options).dump(1) << '\n';
  } else {
    std::cout << report::text_summary(r);
    std::cout << "Time     " << r.timing.total_s << " s on " << r.timing.threads << " threads\n";
  }
  return 0;
}

const RegisterCommand kSimulate(10, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<SimulateArgs>();
  auto* cmd = parent.add_subcommand(
      "simulate",
      "Evaluate every channel of a design (statistical eye: BER, Q, eye, bathtub), assign data / "
      "ECC / spare lanes and report the link against the KP4 pre-FEC threshold");
  add_spec_options(*cmd, args->spec);
  cmd->add_option("--threads", args->threads, "Worker threads (0 = all cores); results do not "
                                              "depend on it")
      ->check(CLI::Range(0, 1024));
  cmd->add_flag("--json", args->json, "Print the full report as JSON instead of the summary");
  cmd->add_option("--out", args->out_dir, "Also write report.json and channels.csv into DIR")
      ->type_name("DIR");
  cmd->add_flag("--bathtubs", args->all_bathtubs,
                "Include every channel's bathtub curves in the JSON (default: the worst one)");
  cmd->add_flag("--no-margin", args->no_margin, "Skip the optical-margin search (faster)");
  return [args] { return run_simulate(*args); };
});

}  // namespace
}  // namespace mosaic::cli

#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/sweep/design_output.hpp"
#include "mosaic/sweep/design_search.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct DesignArgs {
  sweep::DesignGoal goal;
  std::optional<double> temp_c;
  std::optional<double> max_fit;
  std::optional<double> min_margin_db;
  std::string store;
  std::string out;
  int threads = 0;
};

int run_design(DesignArgs& args) {
  args.goal.temp_c = args.temp_c;
  args.goal.max_fit = args.max_fit;
  args.goal.min_margin_db = args.min_margin_db;
  // Refuse an unwritable store or output file before the search runs.
  if (!args.store.empty()) sweep::check_writable_file(args.store, "--store");
  if (!args.out.empty()) sweep::check_writable_file(args.out, "--out");
  TerminalProgress progress("design");
  sweep::DesignOptions options;
  options.threads = args.threads;
  options.progress = &progress;
  const sweep::DesignResult r = sweep::design_search(args.goal, options);
  progress.finish();

  const std::string text = sweep::design_file_text(args.goal, r, invocation());
  std::cout << text;
  if (!args.out.empty()) {
    std::ofstream out(args.out);
    out << text;
    if (!out) throw ConfigError("--out", "\"" + args.out + "\"", "a writable file");
  }
  if (!args.store.empty()) sweep::write_design_store(args.store, r, invocation());
  return 0;
}

const RegisterCommand kDesign(62, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<DesignArgs>();
  auto* cmd = parent.add_subcommand(
      "design",
      "Search channel count, line rate, ECC and spares for the fewest watts per end that meet "
      "the constraints; prints the winner as a design file `mosaic simulate` loads unchanged");
  cmd->add_option("--payload-gbps", args->goal.payload_gbps, "Ethernet payload: 800, 1600 or 3200")
      ->capture_default_str();
  cmd->add_option("--reach-m", args->goal.reach_m, "Fiber length (m)")->capture_default_str();
  cmd->add_option("--temp-c", args->temp_c, "Case temperature (degC; default: the preset's)");
  cmd->add_option("--max-fit", args->max_fit, "Link FIT over the service life at most this");
  cmd->add_option("--min-margin-db", args->min_margin_db,
                  "Optical margin at least this (dB; computes the margin of every design tried)");
  cmd->add_option("--store", args->store, "Also store every design tried (SQLite, as a sweep)")
      ->type_name("FILE");
  cmd->add_option("--out", args->out, "Also write the winning design file here")->type_name("FILE");
  cmd->add_option("--threads", args->threads, "Designs evaluated at once (0 = all cores)")
      ->check(CLI::Range(0, 1024));
  return [args] { return run_design(*args); };
});

}  // namespace
}  // namespace mosaic::cli

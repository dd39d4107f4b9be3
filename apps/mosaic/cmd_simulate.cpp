#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

#include "command.hpp"
#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/report/html_figures.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/report_json.hpp"
#include "mosaic/report/text_summary.hpp"
#include "mosaic_io/catalog_file.hpp"
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
  bool degradation = false;
  std::string out_dir;
  std::string method = "stat";
  std::optional<double> bits;
  std::optional<std::int64_t> target_errors;
  std::string channels;
  std::vector<int> eyes;
  std::optional<int> eye_stat;
  std::string html;
};

// "all", or comma-separated indices and ranges: "0,5,10-20".
std::vector<int> parse_channel_list(const std::string& text) {
  std::vector<int> out;
  if (text.empty() || text == "all") return out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    try {
      const std::size_t dash = item.find('-', 1);
      std::size_t used = 0;
      if (dash == std::string::npos) {
        out.push_back(std::stoi(item, &used));
        if (used != item.size()) throw std::invalid_argument(item);
      } else {
        const int a = std::stoi(item.substr(0, dash));
        const int b = std::stoi(item.substr(dash + 1), &used);
        if (used != item.size() - dash - 1 || b < a) throw std::invalid_argument(item);
        for (int i = a; i <= b; ++i) out.push_back(i);
      }
    } catch (const std::exception&) {
      throw ConfigError("--channels", "\"" + text + "\"",
                        "\"all\" or indices and ranges such as 0,5,10-20");
    }
    pos = comma + 1;
  }
  return out;
}

int run_simulate(const SimulateArgs& args) {
  LinkSpec spec = load_spec(args.spec);
  // Command-line stop rules override the design's mc.* keys (same range checks).
  if (args.bits) set_field(spec, *find_field("mc.max_bits"), FieldValue{*args.bits});
  if (args.target_errors)
    set_field(spec, *find_field("mc.target_errors"), FieldValue{*args.target_errors});
  if (args.method == "mc" || !args.eyes.empty()) validate_design(spec, {.monte_carlo = true});
  TerminalProgress progress("simulate");
  TerminalProgress mc_progress("monte carlo");
  EvalOptions options;
  options.threads = args.threads;
  options.progress = &progress;
  options.margin = !args.no_margin;
  options.degradation = args.degradation;
  options.monte_carlo = args.method == "mc" || !args.eyes.empty();  // an eye needs the waveforms
  options.mc_channels = parse_channel_list(args.channels);
  options.eye_channels = args.eyes;
  options.mc_progress = &mc_progress;
  const Evaluation r = evaluate(spec, options);
  progress.finish();
  mc_progress.finish();
  report::JsonOptions json_options;
  json_options.command = invocation();
  json_options.all_bathtubs = args.all_bathtubs;
  // The statistical-eye grid rides along in the JSON only when asked for (it is 4096 numbers).
  std::optional<nlohmann::json> stat_eye;
  if (args.eye_stat) stat_eye = report::stat_eye_grid_json(spec, *args.eye_stat);
  auto full_json = [&] {
    nlohmann::json j = report::to_json(r, json_options);
    if (stat_eye) j["stat_eye"] = *stat_eye;
    return j;
  };
  const power::BaselineCatalog catalog =
      args.html.empty() ? power::BaselineCatalog{}
                        : io::load_baseline_catalog(io::default_catalog_path());
  if (!args.html.empty())
    report::write_html(report::html_page_data(full_json(), report::ReportKind::kSimulate, spec,
                                              std::nullopt, &catalog),
                       args.html);
  if (!args.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(args.out_dir, ec);
    if (ec)
      throw ConfigError("--out", "\"" + args.out_dir + "\"", "a directory that can be created");
    std::ofstream json_file(std::filesystem::path(args.out_dir) / "report.json");
    std::ofstream csv_file(std::filesystem::path(args.out_dir) / "channels.csv");
    if (!json_file || !csv_file)
      throw ConfigError("--out", "\"" + args.out_dir + "\"", "a writable directory");
    json_file << full_json().dump(1) << '\n';
    report::write_channels_csv(r, csv_file);
    if (r.monte_carlo)
      for (const auto& eye : r.monte_carlo->eyes) {
        std::ofstream eye_file(std::filesystem::path(args.out_dir) /
                               ("eye_" + std::to_string(eye.channel) + ".csv"));
        report::write_eye_csv(eye, eye_file);
      }
  }
  if (args.json) {
    std::cout << full_json().dump(1) << '\n';
  } else {
    std::cout << report::text_summary(r);
    if (r.monte_carlo) {
      const auto& mc = *r.monte_carlo;
      double errors = 0, worst = 0;
      int worst_ch = -1;
      for (const auto& c : mc.channels) {
        errors += c.errors;
        if (worst_ch < 0 || c.ber > worst) {
          worst = c.ber;
          worst_ch = c.index;
        }
      }
      std::cout << "MC       " << mc.channels.size() << " channels x " << mc.bits_per_channel
                << " bits (" << enum_name(mc.mode) << ", stop: " << mc.stop_reason << "), "
                << errors << " errors; worst channel " << worst_ch << " BER " << worst << "; "
                << mc.bits_per_s << " bits/s\n";
    }
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
  cmd->add_option("--threads", args->threads,
                  "Worker threads (0 = all cores); results do not "
                  "depend on it")
      ->check(CLI::Range(0, 1024));
  cmd->add_flag("--json", args->json, "Print the full report as JSON instead of the summary");
  cmd->add_option("--out", args->out_dir, "Also write report.json and channels.csv into DIR")
      ->type_name("DIR");
  cmd->add_flag("--bathtubs", args->all_bathtubs,
                "Include every channel's bathtub curves in the JSON (default: the worst one)");
  cmd->add_flag("--no-margin", args->no_margin, "Skip the optical-margin search (faster)");
  cmd->add_flag(
      "--degradation", args->degradation,
      "Age the microLEDs over the service life, re-evaluate every channel at "
      "reliability.degradation_steps points and swap in spares: spares used and worst BER");
  cmd->add_option("--method", args->method,
                  "stat: statistical eye only; mc: also the Monte Carlo engine (mc.* keys)")
      ->check(CLI::IsMember({"stat", "mc"}));
  cmd->add_option("--bits", args->bits, "Monte Carlo stop rule: bits per channel (mc.max_bits)");
  cmd->add_option("--target-errors", args->target_errors,
                  "Monte Carlo stop rule: errors on every channel (mc.target_errors)");
  cmd->add_option("--channels", args->channels,
                  "Monte Carlo channels: all (default) or a list such as 0,5,10-20")
      ->type_name("LIST");
  cmd->add_option("--eye", args->eyes, "Keep the Monte Carlo eye diagram of CHANNEL (repeatable)")
      ->type_name("CHANNEL");
  cmd->add_option("--eye-stat", args->eye_stat,
                  "Add the statistical eye of CHANNEL (BER over phase and threshold) to the JSON")
      ->type_name("CHANNEL");
  cmd->add_option("--html", args->html,
                  "Also write a self-contained HTML report to FILE (see `mosaic report`)")
      ->type_name("FILE");
  return [args] { return run_simulate(*args); };
});

}  // namespace
}  // namespace mosaic::cli

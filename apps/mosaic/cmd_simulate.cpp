#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

#include "command.hpp"
#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/design/validate.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/report/html_figures.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/report_json.hpp"
#include "mosaic/report/text_summary.hpp"
#include "mosaic_io/atomic_file.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/html_file.hpp"
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
  std::optional<std::string> out_dir;
  std::string method = "stat";
  std::optional<double> bits;
  std::optional<std::int64_t> target_errors;
  std::string channels;
  std::vector<int> eyes;
  std::optional<int> eye_stat;
  std::string html;
};

// "all", or comma-separated indices and ranges: "0,5,10-20", each index a pixel of the design.
// Ranges are checked before they are expanded, so "0-2000000000" costs nothing.
std::vector<int> parse_channel_list(const std::string& text, int pixels) {
  std::vector<int> out;
  if (text.empty() || text == "all") return out;
  const std::string allowed =
      "\"all\" or indices and ranges such as 0,5,10-20, each in 0.." + std::to_string(pixels - 1);
  auto bad = [&] { throw ConfigError("--channels", "\"" + text + "\"", allowed); };
  auto number = [&](std::string_view item) {
    int v = -1;
    const auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (ec != std::errc{} || p != item.data() + item.size() || v < 0 || v >= pixels) bad();
    return v;
  };
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string_view item = std::string_view(text).substr(pos, comma - pos);
    const std::size_t dash = item.find('-');
    if (dash == std::string_view::npos) {
      out.push_back(number(item));
    } else {
      const int a = number(item.substr(0, dash));
      const int b = number(item.substr(dash + 1));
      if (b < a) bad();
      for (int i = a; i <= b; ++i) out.push_back(i);
    }
    // Each range lies inside the array, so only repeats could grow the list past it.
    if (out.size() > static_cast<std::size_t>(pixels)) bad();
    pos = comma + 1;
  }
  return out;
}

// report.json, channels.csv and the eye files are all written to temporaries first and renamed
// only once every one of them is complete, so an error leaves the previous set untouched.
void write_out_dir(const std::string& dir, const Evaluation& r, const nlohmann::json& report) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec))
    throw ConfigError("--out", "\"" + dir + "\"", "a directory that exists or can be created");
  std::vector<std::unique_ptr<io::AtomicFile>> files;
  auto add = [&](const std::string& name, const std::string& text) {
    files.push_back(std::make_unique<io::AtomicFile>((fs::path(dir) / name).string(), "--out"));
    files.back()->write(text);
  };
  add("report.json", report.dump(1) + "\n");
  std::ostringstream csv;
  report::write_channels_csv(r, csv);
  add("channels.csv", csv.str());
  if (r.monte_carlo)
    for (const auto& eye : r.monte_carlo->eyes) {
      std::ostringstream eye_csv;
      report::write_eye_csv(eye, eye_csv);
      add("eye_" + std::to_string(eye.channel) + ".csv", eye_csv.str());
    }
  for (auto& f : files) f->commit();
}

int run_simulate(const SimulateArgs& args) {
  LinkSpec spec = load_spec(args.spec);
  check_evaluation_memory(spec);
  const bool monte_carlo = args.method == "mc" || !args.eyes.empty();  // an eye needs waveforms
  if (monte_carlo) validate_design(spec, {.monte_carlo = true});
  // Command-line stop rules override the design's mc.* keys (same range checks).
  if (args.bits) set_field(spec, *find_field("mc.max_bits"), FieldValue{*args.bits});
  if (args.target_errors)
    set_field(spec, *find_field("mc.target_errors"), FieldValue{*args.target_errors});
  TerminalProgress progress("simulate");
  TerminalProgress mc_progress("monte carlo");
  EvalOptions options;
  options.threads = args.threads;
  options.progress = &progress;
  options.margin = !args.no_margin;
  options.degradation = args.degradation;
  options.monte_carlo = monte_carlo;
  options.mc_channels = parse_channel_list(args.channels, spec.array.rows * spec.array.cols);
  options.eye_channels = args.eyes;
  options.mc_progress = &mc_progress;
  const Evaluation r = evaluate(spec, options);
  progress.finish();
  mc_progress.finish();
  report::JsonOptions json_options;
  json_options.command = invocation();
  json_options.all_bathtubs = args.all_bathtubs;
  nlohmann::json document = report::to_json(r, json_options);
  // The statistical-eye grid rides along in the JSON only when asked for (it is 4096 numbers).
  if (args.eye_stat) document["stat_eye"] = report::stat_eye_grid_json(spec, *args.eye_stat);
  if (!args.html.empty()) {
    const power::BaselineCatalog catalog = io::load_baseline_catalog(io::default_catalog_path());
    io::write_html_file(report::html_page_data(document, report::ReportKind::kSimulate, spec,
                                               std::nullopt, &catalog),
                        args.html);
  }
  if (args.out_dir) write_out_dir(*args.out_dir, r, document);
  if (args.json) {
    std::cout << document.dump(1) << '\n';
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
  cmd->add_option_function<std::string>(
         "--out",
         [args](const std::string& dir) {
           if (dir.empty()) throw ConfigError("--out", "\"\"", "a directory path");
           args->out_dir = dir;
         },
         "Also write report.json and channels.csv into DIR (each file replaced whole or not at "
         "all)")
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

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "command.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/sweep/design_search.hpp"
#include "mosaic/sweep/design_toml.hpp"
#include "mosaic/sweep/point_columns.hpp"
#include "mosaic/sweep/store.hpp"
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

double column(const sweep::DesignCandidate& c, const char* name) {
  const auto& v = c.result.outputs.at(sweep::find_point_column(name));
  return v ? *v : std::nan("");
}

std::string describe(const sweep::DesignCandidate& c) {
  const auto& a = c.spec.array;
  std::string s = fmt::format(
      "{:7.3f} W/end  {:3d} data + {:2d} ECC + {:3d} spare ({}x{}) at {:.3f} Gb/s, worst BER "
      "{:.2g}, {:.3g} FIT",
      c.per_end_w, a.data_channels, a.ecc_channels, a.spare_channels, a.rows, a.cols,
      c.spec.channel.rate_gbps, std::pow(10.0, column(c, "link.log10_worst_ber")),
      column(c, "reliability.link_fit"));
  const double margin = column(c, "link.optical_margin_db");
  if (!std::isnan(margin)) s += fmt::format(", margin {:.2f} dB", margin);
  return s;
}

// Every evaluated design as the rows of a zipped sweep over the keys the search varies, so that
// `mosaic pareto` reads the search like any sweep.
void write_store(const std::string& path, const sweep::DesignResult& r) {
  sweep::SweepDefinition def;
  def.base = r.reference.spec;
  for (const char* key : {"array.data_channels", "array.ecc_channels", "array.spare_channels",
                          "array.rows", "array.cols", "channel.rate_gbps"}) {
    sweep::Axis axis;
    axis.key = key;
    axis.field = find_field(key);
    for (const auto& c : r.evaluated) axis.values.push_back(axis.field->get(c.spec));
    def.grid.axes.push_back(std::move(axis));
  }
  def.grid.combine = sweep::Combine::kZip;
  sweep::expand(def.grid);
  def.options.margin =
      r.best.result.outputs.at(sweep::find_point_column("link.optical_margin_db")).has_value();
  def.text = "# written by mosaic design: " + invocation();
  def.fingerprint = sweep::sweep_fingerprint(def);
  sweep::Store store(path, def, true);
  for (const std::size_t i : store.missing())
    store.insert(r.evaluated[i].spec, r.evaluated[i].result);
}

int run_design(DesignArgs& args) {
  args.goal.temp_c = args.temp_c;
  args.goal.max_fit = args.max_fit;
  args.goal.min_margin_db = args.min_margin_db;
  // Refuse an unwritable store or output file before the search runs.
  for (const auto& [flag, path] :
       {std::pair{"--store", args.store}, std::pair{"--out", args.out}}) {
    if (path.empty()) continue;
    const bool existed = std::filesystem::exists(path);
    std::ofstream probe(path, std::ios::app);
    if (!probe) throw ConfigError(flag, "\"" + path + "\"", "a writable file");
    probe.close();
    if (!existed) std::filesystem::remove(path);
  }
  TerminalProgress progress("design");
  sweep::DesignOptions options;
  options.threads = args.threads;
  options.progress = &progress;
  const sweep::DesignResult r = sweep::design_search(args.goal, options);
  progress.finish();

  const std::string toml = sweep::design_to_toml(r.best.spec);
  std::string head = fmt::format(
      "# mosaic design: {:g} Gb/s payload at {:g} m, case {:g} degC\n"
      "# {}\n#\n# winner     {}\n# reference  {} (preset {})\n# binding    {}\n",
      args.goal.payload_gbps, args.goal.reach_m, r.best.spec.environment.case_temperature_c,
      invocation(), describe(r.best), describe(r.reference),
      sweep::payload_preset(args.goal.payload_gbps), r.binding);
  for (std::size_t i = 0; i < r.runners_up.size(); ++i)
    head += fmt::format("# runner-up  {}\n", describe(r.runners_up[i]));
  head += fmt::format("# searched   {} designs: {}\n", r.evaluated.size(), r.method);
  head += "# Load it with: mosaic simulate THIS_FILE.toml\n\n";
  std::cout << head << toml;
  if (!args.out.empty()) {
    std::ofstream out(args.out);
    out << head << toml;
    if (!out) throw ConfigError("--out", "\"" + args.out + "\"", "a writable file");
  }
  if (!args.store.empty()) write_store(args.store, r);
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

#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "command.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/power/compare.hpp"
#include "mosaic/report/design_comparison.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/power_json.hpp"
#include "mosaic/report/report_json.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/html_file.hpp"
#include "spec_options.hpp"

namespace mosaic::cli {
namespace {

struct CompareArgs {
  SpecRequest spec;
  std::optional<double> reach_m;
  std::string catalog;
  int threads = 0;
  bool json = false;
  std::string html;
};

int run_compare(const CompareArgs& args) {
  const LinkSpec spec = load_spec(args.spec);
  const std::string path = args.catalog.empty() ? io::default_catalog_path() : args.catalog;
  const power::BaselineCatalog catalog =
      io::load_baseline_catalog(path, args.catalog.empty() ? "baseline catalog" : "--catalog");
  EvalOptions eval;
  eval.threads = args.threads;
  eval.margin = false;
  eval.bathtubs = false;
  const Evaluation evaluation = evaluate(spec, eval);
  const double cable_m = args.reach_m.value_or(spec.fiber.length_m);
  const power::Comparison cmp = report::compare_design(evaluation, catalog, cable_m);
  const double design_w_per_end = cmp.rows.back().w_per_end;  // the design is the last row
  if (!args.html.empty()) {
    nlohmann::json j = report::comparison_to_json(cmp);
    j["catalog"] = catalog.origin;
    j["power"] = report::power_to_json(evaluation.power);
    io::write_html_file(report::html_page_data(j, report::ReportKind::kCompare, spec), args.html);
  }

  if (args.json) {
    nlohmann::json j = report::header_json(invocation(), spec);
    j.update(report::comparison_to_json(cmp));
    j["catalog"] = catalog.origin;
    std::cout << j.dump(1) << '\n';
    return 0;
  }
  std::printf("Cable %.3g m, %.0fG class; catalog %s\n", cable_m, cmp.rate_gbps,
              catalog.origin.c_str());
  std::printf("%-50s %8s %6s %7s %7s %9s %8s %8s %8s\n", "technology", "reach_m", "reach?", "W/end",
              "pJ/bit", "link_FIT", "lat_ns", "saving", "FIT_x");
  for (const auto& r : cmp.rows) {
    char saving[16] = "-", ratio[16] = "-";
    // A row that needs less power than the design shows how many watts more the design takes.
    if (!r.is_design && r.design_power_saving >= 0.0)
      std::snprintf(saving, sizeof saving, "%.0f%%", 100.0 * r.design_power_saving);
    else if (!r.is_design)
      std::snprintf(saving, sizeof saving, "+%.2gW", design_w_per_end - r.w_per_end);
    if (r.fit_ratio > 0.0) std::snprintf(ratio, sizeof ratio, "%.3gx", r.fit_ratio);
    // A link that fails with certainty has no finite FIT; say so rather than print "inf".
    char fit[16] = "certain";
    if (std::isfinite(r.link_fit)) std::snprintf(fit, sizeof fit, "%.3g", r.link_fit);
    std::printf("%-50s %8.4g %6s %7.2f %7.2f %9s %8.3g %8s %8s\n", r.name.c_str(), r.reach_m,
                r.reaches ? "yes" : "NO", r.w_per_end, r.pj_per_bit, fit, r.latency_ns, saving,
                ratio);
  }
  std::printf(
      "\nreach? NO = cannot span %.3g m (infeasible). saving = power per end the design saves "
      "against that row (+W: the design needs that much more). FIT_x = that row's link FIT / the "
      "design's.\nEvery catalog figure "
      "carries a source in %s (`--json` prints them).\n",
      cable_m, catalog.origin.c_str());
  return 0;
}

const RegisterCommand kCompare(40, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<CompareArgs>();
  auto* cmd = parent.add_subcommand(
      "compare",
      "Compare the design with copper, active copper, AOC, DSP pluggables, LPO/LRO and CPO: reach, "
      "W per end, pJ/bit, link FIT, added latency (baselines from data/baselines.toml)");
  add_spec_options(*cmd, args->spec);
  cmd->add_option_function<double>(
         "--reach-m",
         [args](double v) {
           if (!(v >= 0.0 && v <= 1e6))
             throw ConfigError("--reach-m", std::to_string(v), "a length in [0, 1e6] m");
           args->reach_m = v;
         },
         "Cable length to span (default: the design's fiber.length_m)")
      ->type_name("L");
  cmd->add_option("--catalog", args->catalog,
                  "Baseline catalog file (default: $MOSAIC_DATA_DIR/baselines.toml or the "
                  "shipped one)")
      ->type_name("FILE");
  cmd->add_flag("--json", args->json, "Print the comparison as JSON, with every source");
  cmd->add_option("--threads", args->threads,
                  "Worker threads for the design's evaluation (0 = all cores); results do not "
                  "depend on it")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--html", args->html, "Also write a self-contained HTML report to FILE")
      ->type_name("FILE");
  return [args] { return run_compare(*args); };
});

}  // namespace
}  // namespace mosaic::cli

#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "command.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/power/baseline.hpp"
#include "mosaic/power/compare.hpp"
#include "mosaic/power/power_budget.hpp"
#include "mosaic/reliability/link_reliability.hpp"
#include "mosaic/report/power_json.hpp"
#include "spec_options.hpp"

namespace mosaic::cli {
namespace {

struct CompareArgs {
  SpecRequest spec;
  std::optional<double> reach_m;
  std::string catalog;
  bool json = false;
};

int run_compare(const CompareArgs& args) {
  const LinkSpec spec = load_spec(args.spec);
  const std::string path = args.catalog.empty() ? power::default_catalog_path() : args.catalog;
  const power::BaselineCatalog catalog = power::load_baseline_catalog(path);
  const power::PowerBudget budget = power::budget(spec);
  // Catalog FITs are not temperature-scaled: the design's row is taken at its reference
  // temperature too, and its case-temperature figure is stated beside it.
  LinkSpec at_reference = spec;
  at_reference.environment.case_temperature_c = spec.reliability.reference_temperature_c;
  const reliability::LinkReliability rel = reliability::link_reliability(at_reference);

  power::DesignFigures design;
  design.name =
      std::string("MOSAIC (this design, ") +
      (spec.module.host_interface == HostInterface::kPluggable ? "pluggable" : "co-packaged") + ")";
  design.rate_gbps = budget.payload_rate_gbps;
  design.reach_m = spec.module.rated_reach_m;
  design.w_per_end = budget.per_end_w;
  design.link_fit = rel.link_fit;
  design.reference_temperature_c = spec.reliability.reference_temperature_c;
  design.case_temperature_c = spec.environment.case_temperature_c;
  design.link_fit_at_case = reliability::link_reliability(spec).link_fit;
  // The deskew buffer holds up to max_skew_ui channel bits; the logic pipeline adds the rest.
  design.latency_ns = spec.module.logic_latency_ns + spec.link.max_skew_ui / spec.channel.rate_gbps;
  const double cable_m = args.reach_m.value_or(spec.fiber.length_m);
  const power::Comparison cmp = power::compare(design, catalog, cable_m);

  if (args.json) {
    nlohmann::json j = report::comparison_to_json(cmp);
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
      std::snprintf(saving, sizeof saving, "+%.2gW", design.w_per_end - r.w_per_end);
    if (r.fit_ratio > 0.0) std::snprintf(ratio, sizeof ratio, "%.3gx", r.fit_ratio);
    std::printf("%-50s %8.4g %6s %7.2f %7.2f %9.3g %8.3g %8s %8s\n", r.name.c_str(), r.reach_m,
                r.reaches ? "yes" : "NO", r.w_per_end, r.pj_per_bit, r.link_fit, r.latency_ns,
                saving, ratio);
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
  return [args] { return run_compare(*args); };
});

}  // namespace
}  // namespace mosaic::cli

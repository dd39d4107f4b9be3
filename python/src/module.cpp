// The C++ half of the `mosaic` Python package: each function takes a design request, runs the
// library and returns the command's JSON report as text, exactly as the CLI formats it, so that
// Python and the command line can never disagree. mosaic/__init__.py turns it into objects.
#include <fmt/format.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/link/link_config.hpp"
#include "mosaic/link/relay.hpp"
#include "mosaic/power/baseline.hpp"
#include "mosaic/power/power_budget.hpp"
#include "mosaic/reliability/fleet.hpp"
#include "mosaic/reliability/link_reliability.hpp"
#include "mosaic/report/design_comparison.hpp"
#include "mosaic/report/html_figures.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/power_json.hpp"
#include "mosaic/report/relay_json.hpp"
#include "mosaic/report/reliability_json.hpp"
#include "mosaic/report/report_json.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/html_file.hpp"
#include "mosaic_io/phy_report_reader.hpp"
#include "pipeline.hpp"
#include "sweep_bindings.hpp"

namespace py = pybind11;

namespace mosaic::python {
namespace {

// Design arguments as Python passes them: overrides already rendered as KEY=VALUE, like --set.
SpecRequest spec_request(const std::optional<std::string>& design,
                         const std::optional<std::string>& preset,
                         const std::vector<std::string>& overrides,
                         const std::optional<std::uint64_t>& seed) {
  SpecRequest r;
  r.toml_path = design;
  r.preset = preset;
  r.overrides = overrides;
  r.seed = seed;
  return r;
}

std::string simulate_json(const std::optional<std::string>& design,
                          const std::optional<std::string>& preset,
                          const std::vector<std::string>& overrides,
                          const std::optional<std::uint64_t>& seed, const std::string& method,
                          bool margin, bool all_bathtubs, bool degradation,
                          const std::vector<int>& mc_channels, const std::vector<int>& eyes,
                          const std::optional<int>& eye_stat, int threads,
                          const std::string& command) {
  if (method != "stat" && method != "mc")
    throw ConfigError("method", "\"" + method + "\"", "\"stat\" or \"mc\"");
  const LinkSpec spec = load_spec(spec_request(design, preset, overrides, seed));
  PipelineRequest request;
  request.threads = threads;
  request.margin = margin;
  request.degradation = degradation;
  request.monte_carlo = method == "mc";
  request.mc_channels = mc_channels;
  request.eye_channels = eyes;
  Evaluation r;
  {
    py::gil_scoped_release release;  // the pipeline runs on its own threads
    r = run_pipeline(spec, request);
  }
  report::JsonOptions options;
  options.command = command;
  options.all_bathtubs = all_bathtubs;
  nlohmann::json j = report::to_json(r, options);
  if (eye_stat) j["stat_eye"] = report::stat_eye_grid_json(spec, *eye_stat, "eye_stat");
  return j.dump(1);
}

std::string relay_json(const std::optional<std::string>& design,
                       const std::optional<std::string>& preset,
                       const std::vector<std::string>& overrides,
                       const std::optional<std::uint64_t>& seed, double gbits,
                       const std::optional<double>& ber,
                       const std::vector<std::pair<int, double>>& failures, int fail_random,
                       const std::optional<std::string>& phy_report) {
  const LinkSpec spec = load_spec(spec_request(design, preset, overrides, seed));
  const link::LinkConfig cfg = link::LinkConfig::from_spec(spec);
  check_relay_memory(spec);
  if (!(gbits >= 1e-6 && gbits <= 1e6))
    throw ConfigError("gbits", std::to_string(gbits), "[1e-06, 1e6] Gb");
  link::RelayOptions opt;
  opt.host_bits = static_cast<std::uint64_t>(gbits * 1e9);
  if (ber) {
    if (!(*ber >= 0.0 && *ber <= 0.5)) throw ConfigError("ber", std::to_string(*ber), "[0, 0.5]");
    opt.faults.background_ber = *ber;
  }
  if (phy_report) {
    // Per-channel BERs and dead pixels of a simulate report, read as `mosaic relay --phy` reads
    // them (the same checks); errors name the argument `phy` and the JSON path.
    try {
      io::parse_phy_report(*phy_report, cfg.physical_channels, opt.faults);
    } catch (const ConfigError& e) {
      std::string field = e.field();
      if (field.rfind("--phy", 0) == 0) field = "phy" + field.substr(5);
      throw ConfigError(field, e.value(), e.allowed());
    }
  }
  // Each failure inside the run, as `mosaic relay --fail CH@SECONDS` checks it: a failure after
  // the last bit would silently never happen.
  const double periods = std::ceil(opt.host_bits / double(cfg.host_bits_per_period()));
  const double run_s = (periods + cfg.training_periods) * cfg.period_s();
  for (const auto& [channel, time_s] : failures) {
    if (channel < 0 || channel >= cfg.physical_channels || !std::isfinite(time_s) || time_s < 0.0 ||
        time_s > run_s)
      throw ConfigError(
          "failures", "(" + std::to_string(channel) + ", " + fmt::format("{}", time_s) + ")",
          "(CHANNEL, SECONDS) with CHANNEL in 0.." + std::to_string(cfg.physical_channels - 1) +
              " and SECONDS in [0, " + fmt::format("{:.6g}", run_s) + "] (the run's length)");
    opt.faults.failures.push_back({channel, time_s});
  }
  // As `mosaic relay --fail-random K`: K channels in service at link-up die at times drawn from
  // the design's seed, early enough for their swaps to complete within the run.
  if (fail_random < 0 || fail_random > cfg.active_lanes())
    throw ConfigError("fail_random", std::to_string(fail_random),
                      "0.." + std::to_string(cfg.active_lanes()));
  opt.random_deaths = fail_random;
  link::RelayResult r;
  try {
    py::gil_scoped_release release;
    r = link::run_relay(spec, opt);
  } catch (const ConfigError& e) {
    // Fewer channels in service than asked (some mapped out at link-up).
    if (e.field() != "--fail-random") throw;
    throw ConfigError("fail_random", e.value(), e.allowed());
  }
  nlohmann::json j = report::header_json("python: mosaic.relay", spec);
  j.update(report::relay_to_json(r));
  return j.dump(1);
}

std::string compare_json(const std::optional<std::string>& design,
                         const std::optional<std::string>& preset,
                         const std::vector<std::string>& overrides,
                         const std::optional<std::uint64_t>& seed,
                         const std::optional<double>& reach_m,
                         const std::optional<std::string>& catalog_path) {
  const LinkSpec spec = load_spec(spec_request(design, preset, overrides, seed));
  if (reach_m && !(*reach_m >= 0.0 && *reach_m <= 1e6))
    throw ConfigError("reach_m", std::to_string(*reach_m), "a length in [0, 1e6] m");
  const power::BaselineCatalog catalog =
      io::load_baseline_catalog(catalog_path.value_or(io::default_catalog_path()));
  EvalOptions quick;
  quick.margin = false;
  quick.bathtubs = false;
  Evaluation evaluation;
  {
    py::gil_scoped_release release;
    evaluation = evaluate(spec, quick);
  }
  const power::Comparison cmp =
      report::compare_design(evaluation, catalog, reach_m.value_or(spec.fiber.length_m));
  nlohmann::json j = report::header_json("python: mosaic.compare", spec);
  j.update(report::comparison_to_json(cmp));
  j["catalog"] = catalog.origin;
  return j.dump(1);
}

std::string fleet_json(const std::optional<std::string>& design,
                       const std::optional<std::string>& preset,
                       const std::vector<std::string>& overrides,
                       const std::optional<std::uint64_t>& seed, std::int64_t links,
                       const std::optional<double>& years, double confidence, int threads) {
  const LinkSpec spec = load_spec(spec_request(design, preset, overrides, seed));
  if (!(links >= 1 && links <= 1000000000))
    throw ConfigError("links", std::to_string(links), "[1, 1e9]");
  if (years && !(*years > 0.0 && *years <= 1000.0))
    throw ConfigError("years", std::to_string(*years), "a number in (0, 1000]");
  if (!(confidence >= 0.5 && confidence <= 0.999999))
    throw ConfigError("confidence", std::to_string(confidence), "[0.5, 0.999999]");
  reliability::FleetOptions o;
  o.links = links;
  o.years = years.value_or(spec.reliability.service_life_years);
  o.confidence = confidence;
  o.threads = threads;
  reliability::FleetResult f;
  {
    py::gil_scoped_release release;
    f = reliability::fleet_monte_carlo(spec, o);
  }
  nlohmann::json j = report::header_json("python: mosaic.fleet", spec);
  j.update(report::fleet_to_json(f));
  j["closed_form"] = report::reliability_to_json(reliability::link_reliability(spec));
  return j.dump(1);
}

// A report (JSON text of any of the above) as a self-contained HTML page.
void write_html(const std::string& report_json, const std::string& path) {
  const nlohmann::json j = nlohmann::json::parse(report_json);
  const report::ReportKind kind = report::detect_report_kind(j, "report");
  const power::BaselineCatalog catalog = io::load_baseline_catalog(io::default_catalog_path());
  io::write_html_file(report::html_page_data(j, kind, std::nullopt, std::nullopt, &catalog), path,
                      "path");
}

}  // namespace
}  // namespace mosaic::python

PYBIND11_MODULE(_mosaic, m) {
  using namespace mosaic::python;
  m.doc() = "Native half of the mosaic package: each call returns the command's JSON report.";
  m.attr("version") = mosaic::kVersion;
  // A design error names the key, the value and the allowed range: Python's ValueError.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const mosaic::ConfigError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const nlohmann::json::exception& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  using py::arg;
  m.def("simulate_json", &simulate_json, arg("design"), arg("preset"), arg("overrides"),
        arg("seed"), arg("method"), arg("margin"), arg("all_bathtubs"), arg("degradation"),
        arg("mc_channels"), arg("eyes"), arg("eye_stat"), arg("threads"), arg("command"));
  m.def("relay_json", &relay_json, arg("design"), arg("preset"), arg("overrides"), arg("seed"),
        arg("gbits"), arg("ber"), arg("failures"), arg("fail_random"), arg("phy_report"));
  m.def("compare_json", &compare_json, arg("design"), arg("preset"), arg("overrides"), arg("seed"),
        arg("reach_m"), arg("catalog"));
  m.def("fleet_json", &fleet_json, arg("design"), arg("preset"), arg("overrides"), arg("seed"),
        arg("links"), arg("years"), arg("confidence"), arg("threads"));
  m.def("keys_json", [] { return mosaic::report::keys_to_json().dump(); });
  m.def("write_html", &write_html, arg("report_json"), arg("path"));
  bind_sweep(m);
}

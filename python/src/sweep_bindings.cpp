// The design-space half of the native module: sweeps into an SQLite store, Pareto fronts of a
// store and the design search, each through the same library calls as `mosaic sweep`, `mosaic
// pareto` and `mosaic design`, so that Python and the command line store and print the same.
#include "sweep_bindings.hpp"

#include <pybind11/stl.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mosaic/core/error.hpp"
#include "mosaic/core/options/design_options.hpp"
#include "mosaic/core/options/sweep_options.hpp"
#include "mosaic/sweep/design_output.hpp"
#include "mosaic/sweep/design_search.hpp"
#include "mosaic/sweep/design_toml.hpp"
#include "mosaic/sweep/pareto.hpp"
#include "mosaic/sweep/point_columns.hpp"
#include "mosaic/sweep/runner.hpp"
#include "mosaic/sweep/store.hpp"
#include "mosaic/sweep/store_reader.hpp"
#include "mosaic/sweep/sweep_file.hpp"
#include "mosaic_io/atomic_file.hpp"
#include "mosaic_io/output_path.hpp"
#include "python_progress.hpp"
#include "study_kwargs.hpp"

namespace py = pybind11;

namespace mosaic::python {
namespace {

// Parses a sweep (file, or TOML text whose relative paths start at base_dir), then evaluates the
// points missing from the store, telling `progress` (see PythonProgress) how far it is. Returns
// the run summary.
py::dict run_sweep(const std::optional<std::string>& text, const std::string& base_dir,
                   const py::dict& kwargs, const py::object& progress) {
  const auto options = options_from_kwargs<study::SweepOptions>(kwargs, "mosaic.sweep");
  options.validate();
  // As `mosaic sweep`: a store path that is no regular file, or the sweep file itself, is
  // refused before the sweep is read.
  io::check_output_path(
      options.store, "store",
      text ? std::vector<std::string>{} : std::vector<std::string>{options.sweep});
  const sweep::SweepDefinition def = text ? sweep::parse_sweep(*text, "sweep text", base_dir)
                                          : sweep::load_sweep_file(options.sweep);
  sweep::Store store(options.store, def, options.resume, options.wait);
  PythonProgress reporter(progress);
  reporter.begin(store.missing().size());
  sweep::RunOptions run;
  run.threads = options.threads.value_or(0);
  run.progress = &reporter;
  const sweep::RunSummary s = run_without_gil([&] { return sweep::run_sweep(def, store, run); });
  reporter.complete();
  py::dict d;
  d["total"] = s.total;
  d["already"] = s.already;
  d["evaluated"] = s.evaluated;
  d["seconds"] = s.seconds;
  return d;
}

py::dict pareto(const py::dict& kwargs) {
  const auto options = options_from_kwargs<study::ParetoOptions>(kwargs, "SweepStore.pareto");
  const sweep::ParetoFront f = sweep::pareto_front(options);
  py::dict d;
  d["columns"] = f.columns;
  d["numbers"] = f.numbers;
  d["text"] = f.text;
  d["considered"] = f.considered;
  d["csv"] = sweep::pareto_csv(f);
  return d;
}

nlohmann::json candidate_json(const sweep::DesignCandidate& c, bool with_report) {
  nlohmann::json outputs = nlohmann::json::object();
  const auto columns = sweep::point_columns();
  for (std::size_t k = 0; k < columns.size(); ++k) {
    const auto& v = c.result.outputs[k];
    outputs[columns[k].name] = v ? nlohmann::json(*v) : nlohmann::json(nullptr);
  }
  const auto& a = c.spec.array;
  nlohmann::json j = {{"stage", c.stage},
                      {"feasible", c.feasible},
                      {"violation", c.violation},
                      {"per_end_w", c.per_end_w},
                      {"data_channels", a.data_channels},
                      {"ecc_channels", a.ecc_channels},
                      {"spare_channels", a.spare_channels},
                      {"rows", a.rows},
                      {"cols", a.cols},
                      {"rate_gbps", c.spec.channel.rate_gbps},
                      {"outputs", outputs},
                      {"design_toml", sweep::design_to_toml(c.spec)}};
  if (with_report) j["report"] = nlohmann::json::parse(c.result.report_json);
  return j;
}

std::string design_json(const py::dict& kwargs, const std::string& invocation,
                        const py::object& progress) {
  const auto goal = options_from_kwargs<study::DesignOptions>(kwargs, "mosaic.design");
  goal.validate();
  std::vector<io::OutputPath> outputs;
  if (!goal.store.empty()) outputs.push_back({goal.store, "store"});
  if (!goal.out.empty()) outputs.push_back({goal.out, "out"});
  io::check_output_paths(outputs);
  if (!goal.store.empty()) sweep::check_store_file(goal.store);
  // The number of designs the search tries is known only as it goes.
  PythonProgress reporter(progress);
  reporter.begin(0);
  const sweep::DesignResult r =
      run_without_gil([&] { return sweep::design_search(goal, &reporter); });
  const std::string text = sweep::design_file_text(goal, r, invocation);
  if (!goal.out.empty()) {
    io::AtomicFile out(goal.out, "out");
    out.write(text);
    out.commit();
  }
  if (!goal.store.empty()) sweep::write_design_store(goal.store, r, invocation);
  reporter.complete();
  nlohmann::json j = {{"text", text},
                      {"binding", r.binding},
                      {"method", r.method},
                      {"winner", candidate_json(r.best, true)},
                      {"reference", candidate_json(r.reference, true)}};
  j["runners_up"] = nlohmann::json::array();
  for (const auto& c : r.runners_up) j["runners_up"].push_back(candidate_json(c, true));
  j["evaluated"] = nlohmann::json::array();
  for (const auto& c : r.evaluated) j["evaluated"].push_back(candidate_json(c, false));
  return j.dump();
}

// DesignResult.save: the design file, whole or not at all, as `mosaic design --out` writes it.
void write_text_file(const std::string& text, const py::object& path) {
  if (path.is_none()) throw py::type_error("save(): path must be a str or a path, not NoneType");
  const std::string file = optional_path(path, "path", "save").value_or(std::string());
  io::check_output_path(file, "path");
  io::AtomicFile out(file, "path");
  out.write(text);
  out.commit();
}

}  // namespace

void bind_sweep(py::module_& m) {
  using py::arg;
  m.def("write_text_file", &write_text_file, arg("text"), arg("path"));
  m.def("run_sweep", &run_sweep, arg("text"), arg("base_dir"), arg("options"), arg("progress"));
  m.def("pareto", &pareto, arg("options"));
  m.def("design_json", &design_json, arg("options"), arg("invocation"), arg("progress"));
  m.def("point_columns", [] {
    std::vector<std::tuple<std::string, std::string, std::string, bool>> out;
    for (const auto& c : sweep::point_columns()) out.emplace_back(c.name, c.unit, c.doc, c.integer);
    return out;
  });
  // A store's columns as the store reader describes them (the sweep page's units and docs).
  m.def(
      "store_columns",
      [](const std::string& path) {
        const sweep::StoreReader store(path, "store");
        std::vector<std::tuple<std::string, std::string, std::string>> out;
        for (const auto& c : store.columns()) out.emplace_back(c.name, c.unit, c.doc);
        return out;
      },
      arg("path"));
}

}  // namespace mosaic::python

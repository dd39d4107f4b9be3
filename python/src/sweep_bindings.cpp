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
#include <thread>
#include <utility>
#include <vector>

#include "mosaic/core/error.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/sweep/design_output.hpp"
#include "mosaic/sweep/design_search.hpp"
#include "mosaic/sweep/design_toml.hpp"
#include "mosaic/sweep/pareto.hpp"
#include "mosaic/sweep/point_columns.hpp"
#include "mosaic/sweep/runner.hpp"
#include "mosaic/sweep/store.hpp"
#include "mosaic/sweep/sweep_file.hpp"

namespace py = pybind11;

namespace mosaic::python {
namespace {

struct Interrupted {};

// Python runs its signal handlers only on the main thread while it holds the GIL, which a long
// run releases; so after each design point the thread that started the run takes the GIL back
// for a moment and lets Python look for Ctrl-C. Throwing stops the hand-out of further points;
// the points in flight still finish and are committed, so the store stays whole.
class InterruptCheck final : public Progress {
 public:
  void update(double, std::string_view) override {
    if (std::this_thread::get_id() != caller_) return;
    py::gil_scoped_acquire hold;
    if (PyErr_CheckSignals() != 0) throw Interrupted{};
  }

 private:
  std::thread::id caller_ = std::this_thread::get_id();
};

// Runs `work` without the GIL, turning a Ctrl-C seen meanwhile into Python's KeyboardInterrupt
// (already set by PyErr_CheckSignals when Interrupted is thrown).
template <class Work>
auto without_gil(Work&& work) {
  try {
    py::gil_scoped_release release;
    return work();
  } catch (const Interrupted&) {
    throw py::error_already_set();
  }
}

// The library names command-line options in its errors; Python's arguments are named otherwise.
[[noreturn]] void rethrow_renamed(const ConfigError& e,
                                  const std::map<std::string, std::string>& names) {
  const auto it = names.find(e.field());
  if (it == names.end()) throw e;
  throw ConfigError(it->second, e.value(), e.allowed());
}

void check_threads(int threads) {
  if (threads < 0 || threads > 1024)
    throw ConfigError("threads", std::to_string(threads), "[0, 1024] (0 = all cores)");
}

// Parses a sweep (file, or TOML text whose relative paths start at base_dir), then evaluates the
// points missing from the store. Returns the run summary.
py::dict run_sweep(const std::optional<std::string>& path, const std::optional<std::string>& text,
                   const std::string& base_dir, const std::string& store_path, bool resume,
                   int threads) {
  check_threads(threads);
  const std::map<std::string, std::string> names{{"--store", "store"}};
  sweep::RunSummary s;
  try {
    const sweep::SweepDefinition def =
        path ? sweep::load_sweep_file(*path) : sweep::parse_sweep(*text, "sweep text", base_dir);
    sweep::Store store(store_path, def, resume);
    InterruptCheck interrupt;
    sweep::RunOptions options;
    options.threads = threads;
    options.progress = &interrupt;
    s = without_gil([&] { return sweep::run_sweep(def, store, options); });
  } catch (const ConfigError& e) {
    rethrow_renamed(e, names);
  }
  py::dict d;
  d["total"] = s.total;
  d["already"] = s.already;
  d["evaluated"] = s.evaluated;
  d["seconds"] = s.seconds;
  return d;
}

py::dict pareto(const std::string& store, const std::vector<std::string>& minimize,
                const std::vector<std::string>& maximize, const std::string& where) {
  std::vector<sweep::Objective> objectives;
  for (const auto& c : minimize) objectives.push_back({c, false});
  for (const auto& c : maximize) objectives.push_back({c, true});
  sweep::ParetoFront f;
  try {
    f = sweep::pareto_front(store, objectives, where);
  } catch (const ConfigError& e) {
    rethrow_renamed(e, {{"--min", "minimize"},
                        {"--max", "maximize"},
                        {"--min/--max", "minimize/maximize"},
                        {"--where", "where"}});
  }
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

std::string design_json(double payload_gbps, double reach_m, const std::optional<double>& temp_c,
                        const std::optional<double>& max_fit,
                        const std::optional<double>& min_margin_db,
                        const std::optional<std::string>& store, int threads,
                        const std::string& invocation) {
  check_threads(threads);
  if (!std::isfinite(payload_gbps))
    throw ConfigError("payload_gbps", std::to_string(payload_gbps), "800, 1600 or 3200");
  if (!std::isfinite(reach_m))
    throw ConfigError("reach_m", std::to_string(reach_m), "a finite length in m");
  if (temp_c && !std::isfinite(*temp_c))
    throw ConfigError("temp_c", std::to_string(*temp_c), "a finite temperature in degC");
  const std::map<std::string, std::string> names{
      {"--payload-gbps", "payload_gbps"},           {"--max-fit", "max_fit"},
      {"--min-margin-db", "min_margin_db"},         {"fiber.length_m", "reach_m"},
      {"environment.case_temperature_c", "temp_c"}, {"--store", "store"}};
  sweep::DesignGoal goal;
  goal.payload_gbps = payload_gbps;
  goal.reach_m = reach_m;
  goal.temp_c = temp_c;
  goal.max_fit = max_fit;
  goal.min_margin_db = min_margin_db;
  sweep::DesignResult r;
  try {
    if (store) sweep::check_writable_file(*store, "store");
    InterruptCheck interrupt;
    sweep::DesignOptions options;
    options.threads = threads;
    options.progress = &interrupt;
    r = without_gil([&] { return sweep::design_search(goal, options); });
    if (store) sweep::write_design_store(*store, r, invocation);
  } catch (const ConfigError& e) {
    rethrow_renamed(e, names);
  }
  nlohmann::json j = {{"text", sweep::design_file_text(goal, r, invocation)},
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

}  // namespace

void bind_sweep(py::module_& m) {
  using py::arg;
  m.def("run_sweep", &run_sweep, arg("path"), arg("text"), arg("base_dir"), arg("store"),
        arg("resume"), arg("threads"));
  m.def("pareto", &pareto, arg("store"), arg("minimize"), arg("maximize"), arg("where"));
  m.def("design_json", &design_json, arg("payload_gbps"), arg("reach_m"), arg("temp_c"),
        arg("max_fit"), arg("min_margin_db"), arg("store"), arg("threads"), arg("invocation"));
  m.def("point_columns", [] {
    std::vector<std::tuple<std::string, std::string, std::string, bool>> out;
    for (const auto& c : sweep::point_columns()) out.emplace_back(c.name, c.unit, c.doc, c.integer);
    return out;
  });
}

}  // namespace mosaic::python

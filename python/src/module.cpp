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

#include "mosaic/cluster/cluster_study.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/options/cluster_options.hpp"
#include "mosaic/core/options/compare_options.hpp"
#include "mosaic/core/options/fleet_options.hpp"
#include "mosaic/core/options/relay_options.hpp"
#include "mosaic/core/options/simulate_options.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/evaluate/columns.hpp"
#include "mosaic/evaluate/compare_study.hpp"
#include "mosaic/evaluate/relay_study.hpp"
#include "mosaic/evaluate/simulate_study.hpp"
#include "mosaic/link/link_config.hpp"
#include "mosaic/record/cluster_json.hpp"
#include "mosaic/record/documents.hpp"
#include "mosaic/record/keys_json.hpp"
#include "mosaic/reliability/fleet_study.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/cluster_file.hpp"
#include "mosaic_io/output_path.hpp"
#include "mosaic_io/phy_report_reader.hpp"
#include "mosaic_io/record_page.hpp"
#include "mosaic_io/record_reader.hpp"
#include "python_progress.hpp"
#include "study_kwargs.hpp"
#include "sweep_bindings.hpp"

namespace py = pybind11;

namespace mosaic::python {
namespace {

// Design arguments as Python passes them (overrides already rendered as KEY=VALUE, like --set),
// checked for type and range in C++ so that every message is the command line's, in one line.
SpecRequest spec_request(const py::object& design, const py::object& preset,
                         const py::object& overrides, const py::object& seed,
                         const std::string& function) {
  return spec_request_from_python(design, preset, overrides, seed, function);
}

// The record of a study run from Python: the same library call and record as the command line,
// without the GIL (the studies run on their own threads). `progress` (None or
// mosaic._progress.Progress) hears how far the channels, then the Monte Carlo, are.
std::string simulate_json(const py::object& design, const py::object& preset,
                          const py::object& overrides, const py::object& seed,
                          const py::dict& kwargs, const std::string& command,
                          const py::object& progress) {
  const auto options = options_from_kwargs<study::SimulateOptions>(kwargs, "mosaic.simulate");
  const LinkSpec spec = load_spec(spec_request(design, preset, overrides, seed, "mosaic.simulate"));
  std::optional<CalibrationEnsemble> ensemble;
  if (options.calibration_ranges) ensemble = io::load_calibration_ensemble();
  SimulateResult r;
  if (progress.is_none()) {
    py::gil_scoped_release release;
    r = simulate(spec, options, nullptr, nullptr, ensemble ? &*ensemble : nullptr);
  } else {
    // The channels' evaluation, then the Monte Carlo when it runs, as shares of one bar; the
    // margin search and the calibration ranges report nothing and sit inside the last share.
    PythonProgress reporter(progress);
    const double physics_end = options.monte_carlo() ? 0.3 : 0.95;
    ProgressStage physics(reporter, 0.0, physics_end);
    ProgressStage monte_carlo(reporter, physics_end, 0.95);
    reporter.begin(0);
    r = run_without_gil([&] {
      return simulate(spec, options, &physics, &monte_carlo, ensemble ? &*ensemble : nullptr);
    });
    // The last figure heard may be a stage's ("100/100 channels") long before the end.
    reporter.complete("done");
  }
  record::JsonOptions json;
  json.command = command;
  json.all_bathtubs = options.all_bathtubs;
  return record::simulate_record(r, json).dump(1);
}

std::string relay_json(const py::object& design, const py::object& preset,
                       const py::object& overrides, const py::object& seed, const py::dict& kwargs,
                       const std::optional<std::string>& phy_text) {
  const auto options = options_from_kwargs<study::RelayOptions>(kwargs, "mosaic.relay");
  const LinkSpec spec = load_spec(spec_request(design, preset, overrides, seed, "mosaic.relay"));
  options.validate();
  std::optional<link::FaultPlan> phy_report;
  if (!options.phy.empty()) {
    const int channels = link::LinkConfig::from_spec(spec).physical_channels;
    phy_report.emplace();
    // A SimulateResult's record is handed over as text; a path is read as the CLI reads it.
    if (phy_text)
      io::parse_phy_report(*phy_text, channels, spec.channel.rate_gbps, *phy_report);
    else
      io::read_phy_report(options.phy, channels, spec.channel.rate_gbps, *phy_report);
  }
  link::RelayResult r;
  {
    py::gil_scoped_release release;
    r = relay(spec, options, phy_report);
  }
  return record::relay_record(r, "python: mosaic.relay", spec).dump(1);
}

std::string compare_json(const py::object& design, const py::object& preset,
                         const py::object& overrides, const py::object& seed,
                         const py::dict& kwargs) {
  const auto options = options_from_kwargs<study::CompareOptions>(kwargs, "mosaic.compare");
  const LinkSpec spec = load_spec(spec_request(design, preset, overrides, seed, "mosaic.compare"));
  options.validate();
  const bool bundled = options.catalog.empty();
  const power::BaselineCatalog catalog =
      io::load_baseline_catalog(bundled ? io::default_catalog_path() : options.catalog,
                                bundled ? "baseline catalog" : "catalog");
  power::Comparison cmp;
  {
    py::gil_scoped_release release;
    cmp = compare(spec, options, catalog);
  }
  return record::compare_record(cmp, catalog.origin, "python: mosaic.compare", spec).dump(1);
}

std::string fleet_json(const py::object& design, const py::object& preset,
                       const py::object& overrides, const py::object& seed,
                       const py::dict& kwargs) {
  const auto options = options_from_kwargs<study::FleetOptions>(kwargs, "mosaic.fleet");
  const LinkSpec spec = load_spec(spec_request(design, preset, overrides, seed, "mosaic.fleet"));
  reliability::FleetStudyResult f;
  {
    py::gil_scoped_release release;
    f = reliability::fleet(spec, options);
  }
  return record::fleet_record(f.fleet, f.closed_form, "python: mosaic.fleet", spec).dump(1);
}

// The cluster study: a cluster file, preset and KEY=VALUE overrides (rendered like --set), the
// options by their table's names.
std::string cluster_json(const py::object& cluster, const py::object& preset,
                         const py::object& overrides, const py::dict& kwargs) {
  const auto options = options_from_kwargs<study::ClusterOptions>(kwargs, "mosaic.cluster");
  options.validate();
  // The same checks of type and range as a design request (a cluster has no seed of its own).
  const SpecRequest checked =
      spec_request(cluster, preset, overrides, py::none(), "mosaic.cluster");
  io::ClusterFileRequest request;
  request.path = checked.toml_path;
  request.preset = checked.preset;
  request.overrides = checked.overrides;
  const io::ClusterInputs in = io::load_cluster_inputs(request, options.catalog);
  cluster::ClusterResult r;
  {
    py::gil_scoped_release release;
    r = cluster::evaluate_cluster(in.spec, in.design, in.design_name, in.catalog, options);
  }
  return record::cluster_record(r, "python: mosaic.cluster").dump(1);
}

// A record (JSON text of any of the above) as a self-contained HTML page, as `mosaic report`
// draws it.
void write_html(const std::string& record_json, const py::object& path) {
  if (path.is_none()) throw py::type_error("to_html(): path must be a str or a path, not NoneType");
  const std::string file = optional_path(path, "path", "to_html").value_or(std::string());
  // As `mosaic report`: the page's path first, then the record within the same limits.
  io::check_output_path(file, "path");
  io::write_record_page(io::parse_record(record_json, "record"), file, "path");
}

// One line, whatever the value held: Python shows messages as they are.
std::string one_line(const std::string& text) {
  std::string out;
  for (const unsigned char c : text) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
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
      PyErr_SetString(PyExc_ValueError, one_line(e.what()).c_str());
    } catch (const mosaic::OutputError& e) {
      // A file that could not be written: what Python's own writes raise.
      PyErr_SetString(PyExc_OSError, one_line(e.what()).c_str());
    } catch (const nlohmann::json::exception& e) {
      PyErr_SetString(PyExc_ValueError, one_line(e.what()).c_str());
    }
  });
  using py::arg;
  m.def("simulate_json", &simulate_json, arg("design"), arg("preset"), arg("overrides"),
        arg("seed"), arg("options"), arg("command"), arg("progress"));
  m.def("relay_json", &relay_json, arg("design"), arg("preset"), arg("overrides"), arg("seed"),
        arg("options"), arg("phy_text"));
  m.def("compare_json", &compare_json, arg("design"), arg("preset"), arg("overrides"), arg("seed"),
        arg("options"));
  m.def("fleet_json", &fleet_json, arg("design"), arg("preset"), arg("overrides"), arg("seed"),
        arg("options"));
  m.def("cluster_json", &cluster_json, arg("cluster"), arg("preset"), arg("overrides"),
        arg("options"));
  m.def("keys_json", [] { return mosaic::record::keys_to_json().dump(); });
  m.def("cluster_keys_json", [] { return mosaic::record::cluster_keys_to_json().dump(); });
  m.def("options_json", [] { return mosaic::record::options_to_json().dump(); });
  m.def("write_html", &write_html, arg("record_json"), arg("path"));
  // The per-channel columns in channels.csv's order (the JSON's objects have theirs sorted).
  m.def("channel_columns", [] {
    std::vector<std::string> names;
    for (const auto& c : mosaic::channel_columns()) names.emplace_back(c.name);
    return names;
  });
  bind_sweep(m);
}

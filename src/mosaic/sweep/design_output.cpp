#include "mosaic/sweep/design_output.hpp"

#include <fmt/format.h>

#include <cmath>

#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/sweep/design_toml.hpp"
#include "mosaic/sweep/point_columns.hpp"
#include "mosaic/sweep/store.hpp"

namespace mosaic::sweep {
namespace {

double column(const DesignCandidate& c, const char* name) {
  const auto& v = c.result.outputs.at(find_point_column(name));
  return v ? *v : std::nan("");
}

std::string describe(const DesignCandidate& c) {
  const auto& a = c.spec.array;
  std::string s = fmt::format(
      "{:7.3f} W/end  {:3d} data + {:2d} ECC + {:3d} spare ({}x{}) at {:.3f} Gb/s, launch "
      "{:g} dBm, LED {:g} GHz, receiver {:g} GHz, CTLE {}, worst BER {:.2g}, {:.3g} FIT",
      c.per_end_w, a.data_channels, a.ecc_channels, a.spare_channels, a.rows, a.cols,
      c.spec.channel.rate_gbps, c.spec.led.launch_power_dbm, c.spec.led.f3db_ghz,
      c.spec.rx.bandwidth_ghz,
      c.spec.rx.ctle ? fmt::format("{:g} GHz poles", c.spec.rx.ctle_pole_ghz) : std::string("off"),
      std::pow(10.0, column(c, "link.log10_worst_ber")), column(c, "reliability.link_fit"));
  const double margin = column(c, "link.optical_margin_db");
  if (!std::isnan(margin)) s += fmt::format(", margin {:.2f} dB", margin);
  const double end = column(c, "link.optical_margin_end_of_life_db");
  if (!std::isnan(end)) s += fmt::format(" ({:.2f} at end of life)", end);
  if (!c.feasible) s += "; FAILS " + c.violation;
  return s;
}

}  // namespace

std::string design_file_text(const DesignGoal& goal, const DesignResult& r,
                             const std::string& invocation) {
  std::string head = fmt::format(
      "# mosaic design: {:g} Gb/s payload at {:g} m, case {:g} degC\n"
      "# {}\n#\n# winner     {}\n# reference  {} (preset {})\n# binding    {}\n",
      goal.payload_gbps, goal.reach_m, r.best.spec.environment.case_temperature_c, invocation,
      describe(r.best), describe(r.reference), payload_preset(goal.payload_gbps), r.binding);
  for (const auto& runner_up : r.runners_up)
    head += fmt::format("# runner-up  {}\n", describe(runner_up));
  head += fmt::format("# searched   {} designs: {}\n", r.evaluated.size(), r.method);
  head += "# Load it with: mosaic simulate THIS_FILE.toml\n\n";
  return head + design_to_toml(r.best.spec);
}

void write_design_store(const std::string& path, const DesignResult& r,
                        const std::string& invocation) {
  SweepDefinition def;
  def.base = r.reference.spec;
  for (const char* key : {"array.data_channels", "array.ecc_channels", "array.spare_channels",
                          "array.rows", "array.cols", "channel.rate_gbps", "led.launch_power_dbm",
                          "led.f3db_ghz", "rx.bandwidth_ghz", "rx.ctle", "rx.ctle_pole_ghz"}) {
    Axis axis;
    axis.key = key;
    axis.field = find_field(key);
    for (const auto& c : r.evaluated) axis.values.push_back(axis.field->get(c.spec));
    def.grid.axes.push_back(std::move(axis));
  }
  def.grid.combine = Combine::kZip;
  expand(def.grid);
  def.options.margin =
      r.best.result.outputs.at(find_point_column("link.optical_margin_db")).has_value();
  def.text = "# written by mosaic design: " + invocation;
  def.fingerprint = sweep_fingerprint(def);
  Store store(path, def, true);
  for (const std::size_t i : store.missing())
    store.insert(r.evaluated[i].spec, r.evaluated[i].result);
}

}  // namespace mosaic::sweep

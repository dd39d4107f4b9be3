#include "mosaic/sweep/design_moves.hpp"

#include <cmath>
#include <initializer_list>
#include <utility>

#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic::sweep {
namespace {

// Smallest extended-Hamming ECC (parity channels) for `data` channels: 2^(ecc-1) >= data + ecc.
int smallest_secded(int data) {
  for (int ecc = 3; ecc < 40; ++ecc)
    if (std::ldexp(1.0, ecc - 1) - (ecc - 1) - 1 >= data) return ecc;
  return 40;
}

// A design with some keys changed, or nothing when a value leaves its key's range or the design
// is no longer valid (e.g. a launch beyond led.max_current_density_a_per_cm2).
template <typename Change>
std::optional<LinkSpec> changed(const LinkSpec& around, std::initializer_list<const char*> keys,
                                Change change) {
  LinkSpec spec = around;
  change(spec);
  try {
    for (const auto* key : keys) set_field(spec, *find_field(key), find_field(key)->get(spec));
    validate_design(spec);
  } catch (const ConfigError&) {
    return std::nullopt;
  }
  return spec;
}

constexpr double kLaunchSteps_db[] = {-3.0, -1.5, 0.0, 1.5, 3.0};
constexpr double kRxBandwidthFactors[] = {0.8, 1.0, 1.25};
constexpr double kBandwidthSteps[] = {0.8, 1.25};

}  // namespace

Shape shape_of(const LinkSpec& s) {
  return {s.array.data_channels, s.array.ecc_channels > 0, s.array.spare_channels};
}

std::optional<LinkSpec> shaped(const LinkSpec& base, const Shape& s) {
  LinkSpec spec = base;
  spec.array.data_channels = s.data;
  spec.array.ecc_channels = s.ecc ? smallest_secded(s.data) : 0;
  spec.array.spare_channels = s.spares;
  const int total = spec.total_channels();
  spec.array.cols = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(total))));
  spec.array.rows = (total + spec.array.cols - 1) / spec.array.cols;
  spec.channel.rate_gbps = synthesizer_rate_gbps(required_line_rate_gbps(spec));
  try {
    for (const auto* key : {"array.data_channels", "array.spare_channels", "array.rows",
                            "array.cols", "channel.rate_gbps"})
      set_field(spec, *find_field(key), find_field(key)->get(spec));
    validate_design(spec);
  } catch (const ConfigError&) {
    return std::nullopt;  // outside the design's ranges: not a candidate
  }
  return spec;
}

std::vector<LinkSpec> launch_receiver_grid(const LinkSpec& around) {
  std::vector<LinkSpec> out;
  for (double launch : kLaunchSteps_db)
    for (double bandwidth : kRxBandwidthFactors) {
      if (launch == 0.0 && bandwidth == 1.0) continue;
      if (auto spec =
              changed(around, {"led.launch_power_dbm", "rx.bandwidth_ghz"}, [&](LinkSpec& s) {
                s.led.launch_power_dbm += launch;
                s.rx.bandwidth_ghz *= bandwidth;
              }))
        out.push_back(*spec);
    }
  return out;
}

std::vector<LinkSpec> knob_steps(const LinkSpec& around, Knob knob) {
  std::vector<std::optional<LinkSpec>> out;
  switch (knob) {
    case Knob::kLaunch:
      for (double step : kLaunchSteps_db)
        if (step != 0.0)
          out.push_back(changed(around, {"led.launch_power_dbm"},
                                [&](LinkSpec& s) { s.led.launch_power_dbm += step; }));
      break;
    case Knob::kLed:
      for (double f : kBandwidthSteps)
        out.push_back(changed(around, {"led.f3db_ghz"}, [&](LinkSpec& s) { s.led.f3db_ghz *= f; }));
      break;
    case Knob::kReceiver:
      for (double f : kBandwidthSteps)
        out.push_back(
            changed(around, {"rx.bandwidth_ghz"}, [&](LinkSpec& s) { s.rx.bandwidth_ghz *= f; }));
      break;
    case Knob::kCtle:
      out.push_back(changed(around, {"rx.ctle"}, [](LinkSpec& s) { s.rx.ctle = !s.rx.ctle; }));
      if (around.rx.ctle)
        for (double f : kBandwidthSteps)
          out.push_back(
              changed(around, {"rx.ctle_pole_ghz"}, [&](LinkSpec& s) { s.rx.ctle_pole_ghz *= f; }));
      break;
  }
  std::vector<LinkSpec> specs;
  for (auto& spec : out)
    if (spec) specs.push_back(*spec);
  return specs;
}

}  // namespace mosaic::sweep

#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic {

// The registry of built-in designs, the one place that names them. "800g" is the default and
// equals LinkSpec{} (PHYSICS.md section 1); "prototype" is the 100-channel demonstrator with its
// lab optics; "1.6t" and "3.2t" scale the 800G design.
struct PresetEntry {
  std::string_view name;
  std::string_view summary;
  LinkSpec (*make)();
};
std::span<const PresetEntry> presets();
inline constexpr std::string_view kDefaultPreset = "800g";

std::vector<std::string> preset_names();
// "one of 800g, prototype, 1.6t, 3.2t": the allowed values in error messages and --help.
std::string preset_choices();
// Throws ConfigError("preset", ...) for an unknown name.
LinkSpec preset(std::string_view name);

// A rate rounded up to the next 0.005 Gb/s, as a clock synthesizer would be programmed.
double synthesizer_rate_gbps(double gbps);

// Line rate each data channel needs to carry the host stream plus the alignment-marker overhead.
double required_line_rate_gbps(const LinkSpec& spec);

}  // namespace mosaic

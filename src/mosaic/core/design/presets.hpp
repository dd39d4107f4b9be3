#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic {

// Built-in designs. "800g" is the default (PHYSICS.md section 1); "prototype" is the 100-channel
// demonstrator with its lab optics; "1.6t" and "3.2t" scale the 800G design.
std::vector<std::string> preset_names();
// Throws ConfigError("preset", ...) for an unknown name.
LinkSpec preset(std::string_view name);

// Line rate each data channel needs to carry the host stream plus the alignment-marker overhead.
double required_line_rate_gbps(const LinkSpec& spec);
// The same rounded up to the next 0.005 Gb/s, as the presets set channel.rate_gbps.
double rounded_line_rate_gbps(const LinkSpec& spec);

}  // namespace mosaic

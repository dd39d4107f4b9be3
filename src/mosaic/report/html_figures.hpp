#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::report {

// Figures the HTML report draws that the plain JSON report does not carry. Each is computed from
// the design (and its seed) by the same models as the report itself.

// The statistical eye of one live channel as a compact grid: phase_ui (relative to the pulse
// peak), threshold_ua, log10_ber[threshold][phase], and the channel's chosen sampling point.
// Throws ConfigError naming `option` when the channel does not exist or is dead.
nlohmann::json stat_eye_grid_json(const LinkSpec& spec, int channel,
                                  const char* option = "--eye-stat");

// Link survival R(t) over the service life (closed form): years, reliability, and the
// probability that every channel beyond the spares still works (channels_ok).
nlohmann::json survival_curve_json(const LinkSpec& spec, int points = 61);

// Every design key: unit, allowed range, meaning, and the 800g default, in schema order.
nlohmann::json keys_to_json();

// The design a report echoes under `spec` (every key), validated as a TOML design would be.
LinkSpec spec_from_json(const nlohmann::json& spec_json);

}  // namespace mosaic::report

#pragma once

#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic {

// The statistical eye of one live channel as a compact grid (what the design page draws and
// `simulate --eye-stat` adds to the record): BER over sampling phase and decision threshold, and
// the point the statistical eye chose.
struct StatEyeFigure {
  int channel = 0;
  std::vector<double> phase_ui;     // relative to the pulse peak
  std::vector<double> threshold_a;  // photocurrent
  std::vector<double> log10_ber;    // row-major [threshold][phase]
  double sampling_phase_ui = 0.0;
  double decision_threshold_a = 0.0;
  double log10_ber_at_decision = 0.0;
};

// Fine enough for smooth 1e-3 / 1e-6 / 1e-12 contours, small enough to keep a page light.
inline constexpr int kStatEyeFigurePhases = 64;
inline constexpr int kStatEyeFigureThresholds = 64;

// Throws ConfigError naming `field` when the channel does not exist or is dead.
StatEyeFigure stat_eye_figure(const LinkSpec& spec, int channel, const char* field = "eye_stat");

}  // namespace mosaic

#pragma once

#include <optional>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/phy/eye_analysis.hpp"

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
  // The openings at KP4 and 1e-12, the jitter budget and the mask test at that point.
  phy::EyeAnalysis analysis;
};

// Fine enough for smooth 1e-3 / 1e-6 / 1e-12 contours, small enough to keep a page light.
inline constexpr int kStatEyeFigurePhases = 64;
inline constexpr int kStatEyeFigureThresholds = 64;

// The chosen point is at `sampling_phase_ui` (from the pulse peak: where the run sampled the
// channel, e.g. its row's forwarded clock) when given, else at the channel's own best phase.
// Throws ConfigError naming `field` when the channel does not exist or is dead.
StatEyeFigure stat_eye_figure(const LinkSpec& spec, int channel, const char* field = "eye_stat",
                              std::optional<double> sampling_phase_ui = std::nullopt);

}  // namespace mosaic

#pragma once

#include <string>
#include <vector>

#include "mosaic/core/progress.hpp"
#include "mosaic/report/link_report.hpp"

namespace mosaic::report {

struct SimulateOptions {
  int threads = 0;  // 0 = all cores; the report does not depend on it (timing aside)
  Progress* progress = nullptr;
  bool margin = true;    // compute the optical margin (re-evaluates the weakest channels)
  bool bathtubs = true;  // keep per-channel bathtub curves
  // Sweep mode: eye heights of every channel, or (off) of the worst active channel only.
  bool eye_heights = true;
  // With bathtubs off: still compute the worst active channel's (the report shows those), and
  // its eye heights when they were skipped.
  bool worst_bathtubs = false;
  // Monte Carlo after the statistical eye (spec.mc sets the engine and its stop rules).
  bool degradation = false;  // age the LEDs over the service life (reliability.degradation_*)
  bool monte_carlo = false;
  std::vector<int> mc_channels;   // empty = every live channel
  std::vector<int> eye_channels;  // channels whose eye diagram is kept
  Progress* mc_progress = nullptr;
};

// The main job: physics of every channel, lane roles, link summary, optical margin, and the
// assumptions it all ran under. A pure function of the spec (and its seed).
LinkReport simulate(const LinkSpec& spec, const SimulateOptions& options = {},
                    std::string command = {});

}  // namespace mosaic::report

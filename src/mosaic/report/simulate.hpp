#pragma once

#include <string>

#include "mosaic/core/progress.hpp"
#include "mosaic/report/link_report.hpp"

namespace mosaic::report {

struct SimulateOptions {
  int threads = 0;  // 0 = all cores; the report does not depend on it (timing aside)
  Progress* progress = nullptr;
  bool margin = true;    // compute the optical margin (re-evaluates the weakest channels)
  bool bathtubs = true;  // keep per-channel bathtub curves
};

// The main job: physics of every channel, lane roles, link summary, optical margin, and the
// assumptions it all ran under. A pure function of the spec (and its seed).
LinkReport simulate(const LinkSpec& spec, const SimulateOptions& options = {},
                    std::string command = {});

}  // namespace mosaic::report

#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/evaluate/end_of_life.hpp"
#include "mosaic/evaluate/link_budget.hpp"
#include "mosaic/evaluate/verdict.hpp"
#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/eye_analysis.hpp"
#include "mosaic/phy/mc/monte_carlo.hpp"
#include "mosaic/power/power_budget.hpp"
#include "mosaic/reliability/degradation.hpp"
#include "mosaic/reliability/link_reliability.hpp"

namespace mosaic {

// Wall-clock figures: the only part of an evaluation that may differ between identical runs.
struct Timing {
  double total_s = 0.0;
  double phy_s = 0.0;
  double margin_s = 0.0;
  int threads = 0;
};

// Everything one design gives: the one value the CLI, the sweep store, the HTML report and Python
// read. Nothing outside evaluate() computes a figure of it.
struct Evaluation {
  LinkSpec spec;               // every resolved parameter, seed included
  phy::PhyResult phy;          // per-channel table and the fiber/receiver figures
  link::LaneAssignment lanes;  // role of every channel and the link summary
  power::PowerBudget power;
  // What one LED's launch costs, when the design reads it (the rate-equation LED runs on it, or
  // power.analog_model = drive costs it).
  std::optional<phy::LedDrive> led_drive;
  reliability::LinkReliability reliability;  // with the usable spares only
  // Where the pixels run and how fast they age there (junction temperature, current density,
  // decay rate): what the end of life, the degradation and the FIT's acceleration read.
  reliability::LedAgeing led_ageing;
  std::vector<std::string> assumptions;
  std::optional<reliability::DegradationResult> degradation;  // when asked
  std::optional<phy::mc::McResult> monte_carlo;               // when asked
  std::optional<EndOfLife> end_of_life;   // the link at the end of its service life, when asked
  std::optional<LinkBudget> link_budget;  // when asked
  // The worst active channel's eye openings, jitter budget and mask test (with bathtubs).
  std::optional<phy::EyeAnalysis> worst_eye;
  Verdict verdict;              // judge(*this): now and at end of life
  int physics_evaluations = 0;  // whole-array statistical-eye runs (margin search not counted)
  Timing timing;

  const link::LinkSummary& link() const { return lanes.summary; }
};

}  // namespace mosaic

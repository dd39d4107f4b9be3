#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/phy/channel_result.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/mc/monte_carlo.hpp"
#include "mosaic/power/power_budget.hpp"
#include "mosaic/reliability/degradation.hpp"
#include "mosaic/reliability/link_reliability.hpp"

namespace mosaic::report {

// Wall-clock figures: the only part of a report that may differ between identical runs.
struct Timing {
  double total_s = 0.0;
  double phy_s = 0.0;
  double margin_s = 0.0;
  int threads = 0;
};

// The one result of a run of the main job. The CLI, the sweep store, the HTML report and Python
// all read this; nothing computes a figure twice.
struct LinkReport {
  std::string command;  // the command line that produced it (for replay)
  LinkSpec spec;        // every resolved parameter, seed included
  phy::PhyResult phy;   // per-channel table (roles assigned) and the fiber/receiver figures
  phy::LinkSummary link;
  power::PowerBudget power;
  reliability::LinkReliability reliability;
  std::vector<std::string> assumptions;
  std::optional<reliability::DegradationResult> degradation;  // when asked
  std::optional<phy::mc::McResult> monte_carlo;               // when asked (simulate --method mc)
  Timing timing;
};

inline constexpr int kSchemaVersion = 1;

}  // namespace mosaic::report

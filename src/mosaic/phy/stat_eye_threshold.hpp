#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "mosaic/core/math/slope_minimize.hpp"

namespace mosaic::phy {

// The statistical eye's view of one phase, for the threshold search: ln BER against the
// threshold without jitter (one decision sum), with it (one per phase the jitter reaches), with
// it and its slope, and the scan of the jittered BER over the amplitude range.
struct ThresholdProbe {
  std::function<double(double)> jitter_free;
  std::function<SlopePoint(double)> jitter_free_slope;
  std::function<double(double)> jittered;
  std::function<SlopePoint(double)> jittered_slope;
  std::function<const std::pair<std::vector<double>, std::vector<double>>&()> jittered_scan;
  bool has_jitter = false;
};

// The scan's points over [lo, hi] and its cell.
inline constexpr int kThresholdGrid = 24;

// The best threshold over the amplitude range [lo, hi] (see stat_eye_threshold.cpp).
double best_threshold(const ThresholdProbe& probe, double lo, double hi);

}  // namespace mosaic::phy

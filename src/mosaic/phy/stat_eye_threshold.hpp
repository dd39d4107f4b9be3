#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "mosaic/core/math/slope_minimize.hpp"
#include "mosaic/phy/isi_distribution.hpp"

namespace mosaic::phy {

// The statistical eye's view of one phase, for the threshold search: ln BER against the
// threshold without jitter (one decision sum), with it (one per phase the jitter reaches), with
// it and its slope, and the scan of the jittered BER over the amplitude range.
struct ThresholdProbe {
  std::function<double(double)> jitter_free;
  std::function<SlopePoint(double)> jitter_free_slope;
  // The jitter-free ln BER with ln of each tail's share (log_ber_tails_without_jitter), where the
  // distribution allows it: the scan then skips the points the tails show cannot be its minimum.
  std::function<std::optional<LogBerTails>(double)> jitter_free_tails;
  double scan_start = 0.0;  // where the scan begins (the mean of the levels)
  std::function<double(double)> jittered;
  std::function<SlopePoint(double)> jittered_slope;
  std::function<const std::pair<std::vector<double>, std::vector<double>>&()> jittered_scan;
  bool has_jitter = false;
};

// A probe whose jitter-free views read `dist` (which must outlive it), its scan starting at
// `scan_start`; the jittered ones are the caller's to set.
ThresholdProbe jitter_free_probe(const PhaseDistribution& dist, double scan_start);

// The scan's points over [lo, hi] and its cell.
inline constexpr int kThresholdGrid = 24;

// The best threshold over the amplitude range [lo, hi] (see stat_eye_threshold.cpp).
double best_threshold(const ThresholdProbe& probe, double lo, double hi);

}  // namespace mosaic::phy

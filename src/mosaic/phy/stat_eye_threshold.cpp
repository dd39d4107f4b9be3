#include "mosaic/phy/stat_eye_threshold.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "mosaic/core/math/minimize.hpp"

namespace mosaic::phy {
namespace {

// Brent's refinement (the fallback) finds the best threshold to 1e-3 of a scan cell (ln BER is
// flat at its minimum); the slope search's smallest step is that. "On the end" of the refinement
// bracket means within 1e-2 of a cell of it.
constexpr double kThresholdTolerance = 1e-3;
// The jittered slope search stops once its next step would lower ln BER by less than 1e-5 of it,
// however far that step would still move the threshold (SlopeSearch::f_alone): a BER moves by at
// most 7e-5 decades above 1e-15 and 9e-4 below 1e-100 against a stop at 1e-6 with the threshold
// pinned to 1e-3 of a cell, for 7 % fewer jittered evaluations (docs/sweep.md).
constexpr double kThresholdFTolerance = 1e-5;
constexpr double kBracketEndCells = 1e-2;
constexpr double kBracketCells = 2.0;  // the refinement bracket: this many scan cells either side
// The jitter-free valley's bottom, where the jittered search starts: to 3e-2 of a cell.
constexpr double kStartTolerance = 3e-2;
// The jittered valley is wider than the jitter-free one where neighbouring phases' valleys
// dominate it: its bottom then lies up to ~0.7 of a cell away, the jitter-free curvature's Newton
// step a few per cent of that. Where the slope at the start is this steep (ln BER per cell) the
// first step is at least kMinFirstCells.
constexpr double kSteepSlopePerCell = 4.0;
constexpr double kMinFirstCells = 0.15;
// The jitter-free curvature from its values this far (in cells) either side of its bottom.
constexpr double kCurvatureCells = 0.05;
// The jitter-free valley's bottom is found from the scan's minimum by its slopes, the first step
// guessed from this curvature (ln BER per cell squared), to 1e-5 of its ln BER (only the start of
// the jittered search; Brent's method where the slopes find no bracket within a cell).
constexpr double kValleyCurvatureGuess = 5.0;
constexpr double kStartFTolerance = 1e-5;

// How far (ln BER) a tail may sit above a BER at another threshold beyond it, in the computed
// sums, for all that the mathematics makes it at most that BER: the kernels' exp (2e-10 relative)
// and the terms each sum leaves out (2^-60 of it).
constexpr double kTailSlack = 1e-9;

// The point of the 24-point scan with the lowest jitter-free BER (the first of equals). Where the
// tails are known, the scan starts at the point nearest scan_start and walks out either way until
// the tail rising that way lies above the lowest BER found: every point beyond has a BER above it
// (3.7 sums a scan over the 40-point 800G sweep instead of 24, the same point).
double jitter_free_scan_minimum(const ThresholdProbe& probe, double a, double b) {
  std::array<double, kThresholdGrid> v;
  v.fill(std::numeric_limits<double>::infinity());
  const auto x_at = [&](int i) { return a + (b - a) * (i + 0.5) / kThresholdGrid; };
  const int start = std::clamp(
      static_cast<int>(std::lround((probe.scan_start - a) / (b - a) * kThresholdGrid - 0.5)), 0,
      kThresholdGrid - 1);
  const std::optional<LogBerTails> first =
      probe.jitter_free_tails ? probe.jitter_free_tails(x_at(start)) : std::nullopt;
  if (first) {
    v[start] = first->log_ber;
    double lowest = first->log_ber;
    double bound = first->log_tail1;
    for (int i = start + 1; i < kThresholdGrid && !(bound > lowest + kTailSlack); ++i) {
      const LogBerTails t = *probe.jitter_free_tails(x_at(i));
      v[i] = t.log_ber;
      lowest = std::min(lowest, v[i]);
      bound = t.log_tail1;
    }
    bound = first->log_tail0;
    for (int i = start - 1; i >= 0 && !(bound > lowest + kTailSlack); --i) {
      const LogBerTails t = *probe.jitter_free_tails(x_at(i));
      v[i] = t.log_ber;
      lowest = std::min(lowest, v[i]);
      bound = t.log_tail0;
    }
  } else {
    for (int i = 0; i < kThresholdGrid; ++i) v[i] = probe.jitter_free(x_at(i));
  }
  int best = 0;
  for (int i = 1; i < kThresholdGrid; ++i)
    if (v[i] < v[best]) best = i;
  return x_at(best);
}

}  // namespace

ThresholdProbe jitter_free_probe(const PhaseDistribution& dist, double scan_start) {
  ThresholdProbe probe;
  probe.jitter_free = [&dist](double x) { return log_ber_without_jitter(dist, x); };
  probe.jitter_free_tails = [&dist](double x) { return log_ber_tails_without_jitter(dist, x); };
  probe.jitter_free_slope = [&dist](double x) {
    const LogBerSlope v = log_ber_slope_without_jitter(dist, x);
    return SlopePoint{x, v.log_ber, v.slope};
  };
  probe.scan_start = scan_start;
  return probe;
}

// Without jitter, ln BER against the threshold is one V-shaped valley per eye. The valley is found
// on a 24-point scan of the jitter-free BER (one decision sum per point instead of one per phase
// the jitter reaches), and with jitter its bottom refined from the jittered BER and its slope
// (slope_minimize: about four evaluations) starting at the jitter-free valley's bottom, whose
// curvature guesses the first step. Where that finds no bracket within two cells, Brent's method
// on the jittered BER alone within two cells of the scan's minimum; should its minimum sit on an
// end of that bracket (the jitter moved the valley further), the scan is redone with the jitter,
// as the full search.
double best_threshold(const ThresholdProbe& probe, double a, double b) {
  const double step = (b - a) / kThresholdGrid;
  const double centre = jitter_free_scan_minimum(probe, a, b);
  const auto& f = probe.has_jitter ? probe.jittered : probe.jitter_free;
  auto refine = [&](double around) {
    return brent_minimize(f, around - kBracketCells * step, around + kBracketCells * step,
                          kThresholdTolerance * step);
  };
  if (!probe.has_jitter) return refine(centre).x;
  SlopeSearch valley;
  valley.start = centre;
  valley.curvature = kValleyCurvatureGuess / (step * step);
  valley.max_step = 0.5 * step;
  valley.lo = centre - step;
  valley.hi = centre + step;
  valley.x_tolerance = kStartTolerance * step;
  valley.f_relative_tolerance = kStartFTolerance;
  const std::optional<Minimum> quick = slope_minimize(probe.jitter_free_slope, valley);
  const Minimum bottom = quick ? *quick
                               : brent_minimize(probe.jitter_free, centre - step, centre + step,
                                                kStartTolerance * step);
  const double h = kCurvatureCells * step;
  SlopeSearch search;
  search.start = bottom.x;
  search.curvature =
      (probe.jitter_free(bottom.x + h) + probe.jitter_free(bottom.x - h) - 2.0 * bottom.f) /
      (h * h);
  search.min_first = kMinFirstCells * step;
  search.steep_slope = kSteepSlopePerCell / step;
  search.max_step = step;
  search.lo = centre - kBracketCells * step;
  search.hi = centre + kBracketCells * step;
  search.x_tolerance = kThresholdTolerance * step;
  search.f_relative_tolerance = kThresholdFTolerance;
  search.f_alone = true;
  if (const std::optional<Minimum> m = slope_minimize(probe.jittered_slope, search)) return m->x;
  const Minimum m = refine(centre);
  if (std::abs(std::abs(m.x - centre) - kBracketCells * step) >= kBracketEndCells * step)
    return m.x;
  const auto& [grid, v] = probe.jittered_scan();
  const int i = static_cast<int>(std::min_element(v.begin(), v.end()) - v.begin());
  const Minimum again = refine(grid[i]);
  return again.f <= v[i] ? again.x : grid[i];
}

}  // namespace mosaic::phy

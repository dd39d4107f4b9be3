#include "mosaic/phy/stat_eye_threshold.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mosaic/core/math/minimize.hpp"

namespace mosaic::phy {
namespace {

// The best threshold to 1e-3 of a scan cell (ln BER is flat at its minimum, so this moves it by
// far less than its last printed digit); "on the end" of the refinement bracket means within
// 1e-2 of a cell of it.
constexpr double kThresholdTolerance = 1e-3;
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

}  // namespace

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
  auto scan_minimum = [&](auto&& f) {
    double best = 0.0;
    double best_v = std::numeric_limits<double>::infinity();
    for (int i = 0; i < kThresholdGrid; ++i) {
      const double x = a + (b - a) * (i + 0.5) / kThresholdGrid;
      const double v = f(x);
      if (v < best_v) {
        best_v = v;
        best = x;
      }
    }
    return best;
  };
  const double centre = scan_minimum(probe.jitter_free);
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

#pragma once

#include <memory>
#include <vector>

#include "mosaic/core/vector_level.hpp"

namespace mosaic::phy {

// The jitter average's grid, one entry per cell of the Gaussian's grid, in order of offset
// (structure of arrays: the average runs over many cells at once).
struct JitterGrid {
  std::vector<int> m;         // whole-sample offset below the cell's centre (non-decreasing)
  std::vector<double> frac;   // fraction of a sample above it
  std::vector<double> log_w;  // ln of the cell's share of the Gaussian
  // The runs of cells that share one offset: run r is [run_end[r - 1], run_end[r]) (from 0).
  std::vector<int> run_end;
  // ln of the largest share among each run's cells, run by run (jitter_window.hpp).
  std::vector<double> run_top_log_w;
  // ln of the share of the cell centred on offset 0, whose value is the phase's own ln BER0
  // exactly (no cubic): the average is at least log_w_on_phase + ln BER0(s), bit for bit, since
  // it sums that term with others that are not negative.
  double log_w_on_phase = 0.0;
  int size() const { return static_cast<int>(m.size()); }
  int m_lo() const { return m.front(); }
  int m_hi() const { return m.back(); }
};

// How far the jitter average reaches, in rms widths.
inline constexpr double kJitterReachSigma = 12.0;

// The jitter grid for an rms of `jitter_samples` (see stat_eye_jitter.cpp). Each thread keeps the
// last grid it built: every channel of a link has the same jitter.
std::shared_ptr<const JitterGrid> jitter_grid(double jitter_samples);

// The cells of `grid` whose four samples (offsets m - 1 to m + 2) all lie in [first, last], in
// order: the part of the average those samples alone decide. Its jitter_average is at most the
// whole grid's, up to the rounding of a shorter sum of the same terms (the cells' values are the
// same bits), far below 1e-9 of ln BER.
JitterGrid jitter_grid_within(const JitterGrid& grid, int first, int last);
// The same, kept: each thread keeps the ones it built for the last grid it was asked about (every
// channel of a link asks for the same few).
std::shared_ptr<const JitterGrid> jitter_grid_within(const std::shared_ptr<const JitterGrid>& grid,
                                                     int first, int last);
// How far a partial jitter average may lie above the whole one in floating point (ln BER): its
// terms are the same bits, fewer, summed in another order: a few ulp of a sum of ~400 terms.
inline constexpr double kWithinSlack = 1e-9;

// The jitter average of ln BER from its jitter-free values at whole-sample offsets: y_at[m] =
// ln BER0(s + m) for m from the grid's first offset - 1 to its last + 2. `terms` is a buffer of
// the grid's size. Every vector level gives the scalar reference's bits.
double jitter_average(const JitterGrid& grid, const double* y_at, std::vector<double>& terms);
double jitter_average_at(VectorLevel level, const JitterGrid& grid, const double* y_at,
                         std::vector<double>& terms);
double jitter_average_scalar(const JitterGrid& grid, const double* y_at,
                             std::vector<double>& terms);

// The jitter average (jitter_average's bits) and its derivative in the threshold, from the
// derivatives of the jitter-free values at the same offsets (dy_at[m] = d ln BER0(s + m) / dd):
// each cell's slope weighted by its share of the average. `slopes` is a buffer like `terms`.
struct JitterAverageSlope {
  double value = 0.0;
  double slope = 0.0;
};
JitterAverageSlope jitter_average_slope(const JitterGrid& grid, const double* y_at,
                                        const double* dy_at, std::vector<double>& terms,
                                        std::vector<double>& slopes);

}  // namespace mosaic::phy

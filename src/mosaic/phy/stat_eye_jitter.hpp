#pragma once

#include <span>
#include <vector>

namespace mosaic::phy {

// One tap of the jitter average: the Gaussian's mass over one cell of its grid.
struct JitterTap {
  int m;         // whole-sample offset below the cell's centre
  double frac;   // fraction of a sample above it
  double log_w;  // ln of the cell's share of the Gaussian
};

// How far the jitter average reaches, in rms widths.
inline constexpr double kJitterReachSigma = 12.0;

// The jitter grid for an rms of `jitter_samples` (see stat_eye_jitter.cpp). Each thread keeps the
// last grid it built: every channel of a link has the same jitter.
std::vector<JitterTap> jitter_grid(double jitter_samples);

// The jitter average of ln BER from its jitter-free values at whole-sample offsets: y_at[m] =
// ln BER0(s + m) for m from the grid's first offset - 1 to its last + 2. `terms` is a buffer of
// the grid's size.
double jitter_average(std::span<const JitterTap> taps, const double* y_at,
                      std::vector<double>& terms);

}  // namespace mosaic::phy

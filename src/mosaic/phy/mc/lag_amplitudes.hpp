#pragma once

#include <span>
#include <vector>

#include "mosaic/phy/mc/vector_clones.hpp"
#include "mosaic/phy/pulse_response.hpp"

// Pulses' taps at a fractional sample position: what importance sampling needs for every tap of
// every draw, where all taps share the draw's jittered instant.
namespace mosaic::phy::mc {

// Twice the Catmull-Rom cubic's weights of the four samples about a position (samples whole - 1
// .. whole + 2) at `fraction` in [0, 1) past sample `whole` (the half goes with the swing): they
// depend on the fraction alone, so a draw computes them once for all its taps, and they are
// exactly (0, 2, 0, 0) on a whole sample.
struct CubicBasis {
  double b[4];
};
CubicBasis catmull_rom_basis(double fraction);

// The cubic's value from the four samples y0..y3 about the position, for a swing of 2 half: the
// one sequence of products and sums that lag_amplitude, the importance kernels (T a vector of
// taps, half a vector of their half swings) and their reference all use, so they agree bit for
// bit (in files built with -ffp-contract=off).
template <typename T>
MOSAIC_VECTOR_INLINE T catmull_rom_sum(const CubicBasis& basis, T half, T y0, T y1, T y2, T y3) {
  return ((half * basis.b[0]) * y0 + (half * basis.b[1]) * y1) +
         ((half * basis.b[2]) * y2 + (half * basis.b[3]) * y3);
}

// Amplitude (A) of lag k of a pulse of swing `swing_a` at `whole + fraction` samples from the
// pulse peak: a Catmull-Rom cubic through the four nearest samples (exact on whole samples; a
// straight line would flatten the pulse's peak by a fraction of a percent, which deep in the tail
// is a factor of several in BER): catmull_rom_sum with half = swing_a / 2.
double lag_amplitude(const PulseResponse& p, double swing_a, int k, int whole, double fraction);

// One tap of a draw: lag `lag` of a signal's pulse (swing `swing_a`), whose bits are timed
// `offset_samples` from the victim's.
struct TapSource {
  const PulseResponse* pulse;
  double swing_a;
  int lag;
  int offset_samples;
};

// Every tap's pulse samples by position, taps side by side: row i holds, for tap t, sample
// peak + offset + lag * samples_per_ui + i - 1 of its cyclic pulse of n samples, for i = 0 .. n +
// 2, so the four samples about any position are the same column of four consecutive rows, and a
// draw interpolates all its taps with whole-vector loads (the rows a draw's jitter reaches are a
// few kilobytes: they stay in the first-level cache). Columns past the taps, up to `padded`,
// are zero, as is their half swing.
class TapRows {
 public:
  // Every pulse must have the same number of samples (they come from one chain).
  TapRows(std::span<const TapSource> taps, int padded);

  int stride() const { return stride_; }
  // Row of sample `whole` - 1 of every tap; the rows of samples whole .. whole + 2 follow it,
  // stride() apart.
  const double* rows_about(int whole) const;
  // Each tap's swing / 2 (0 for the padding), the factor of its weights.
  const double* half_swing() const { return half_swing_.data(); }

 private:
  int samples_ = 0;  // n: every pulse's length
  int stride_ = 0;
  std::vector<double> rows_;  // n + 3 rows of stride_ columns
  std::vector<double> half_swing_;
};

}  // namespace mosaic::phy::mc

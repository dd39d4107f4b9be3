#pragma once

namespace mosaic::phy::kernels {

// The histogram of X + B u, B a fair bit, from the histogram of X on a grid of unit bins
// (u >= 0 in bins): half the mass stays, half moves by u, split linearly between the two bins it
// straddles; what would spill past the last bin (the grid spans the exact sum of the taps, and
// each split rounds up by a bin) is added to it.
//
// Taps are added one after another, so the input comes halved, as each step reads it: half_p[i]
// = p[i] / 2 for i in [0, top], and the buffer holds zeros from half_p[-bins] to
// half_p[2 bins - 1] outside that (a guard band that spares a padded copy per tap). Writes
// out[i] = scale * (the new histogram)[i] for i in [0, new top] (scale 0.5: the next tap's
// input; 1: the histogram itself) and returns the new top, at most bins - 1. One pass, no fused
// multiply-adds (the file is compiled with -ffp-contract=off): every clone the CPU may pick gives
// the same bits, and the halving is exact.
int add_fair_bit(const double* half_p, int top, double u, int bins, double scale, double* out);

// Room add_fair_bit's halved input needs for `bins` bins: the guard band either side.
inline constexpr int fair_bit_buffer_size(int bins) {
  return 3 * bins + 1;
}
inline constexpr int fair_bit_buffer_offset(int bins) {
  return bins;
}

// The mean (sum t / 2) and variance (sum t^2 / 4) that fair-bit taps too small to tell from
// Gaussian noise once convolved with it add, lumped into that noise. The sums run in 8 lanes (a
// tap's index mod 8), added pairwise at the end: the same bits from every clone.
struct LumpedTaps {
  double mean = 0.0;
  double variance = 0.0;
};
LumpedTaps lump_taps(const double* taps, int n);

// 1 / sigma at bins [first, last] of a histogram starting at `lo` with bin width `step`: the
// constant variance plus shot noise in proportion to the (non-negative) level, for the cursor bit
// at 0 and at 1 (`cursor` added), never below `floor_var`. A bin's value does not depend on the
// range it is computed in (LazyInverseSigmas computes a group at a time).
void inverse_sigmas(double lo, double step, double cursor, double base_var, double shot_per_a,
                    double floor_var, int first, int last, double* inv_sigma0, double* inv_sigma1);

}  // namespace mosaic::phy::kernels

#pragma once

namespace mosaic::phy::kernels {

// The histogram of X + B u, B a fair bit, from the histogram p[0..top] of X on a grid of unit
// bins (u >= 0 in bins): half the mass stays, half moves by u, split linearly between the two bins
// it straddles. Writes out[0..new top] and returns the new top, at most bins - 1; what would spill
// past the last bin (the grid spans the exact sum of the taps, and each split rounds up by a
// bin) is added to it. `padded` must hold top + 2 floor(u) + 3 doubles. Element-wise arithmetic
// without fused multiply-adds (the file is compiled with -ffp-contract=off): every clone the CPU
// may pick gives the same bits.
int add_fair_bit(const double* p, int top, double u, int bins, double* out, double* padded);

// 1 / sigma at each bin of a histogram starting at `lo` with bin width `step`: the constant
// variance plus shot noise in proportion to the (non-negative) level, for the cursor bit at 0 and
// at 1 (`cursor` added), never below `floor_var`.
void inverse_sigmas(double lo, double step, double cursor, double base_var, double shot_per_a,
                    double floor_var, int bins, double* inv_sigma0, double* inv_sigma1);

}  // namespace mosaic::phy::kernels

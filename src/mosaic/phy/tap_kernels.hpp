#pragma once

#include "mosaic/core/vector_level.hpp"

namespace mosaic::phy::kernels {

// Taps swing * samples[i], i in [0, n), sorted by size as the statistical eye gathers them: those
// at or above `tiny` in magnitude appended at *big, the others at *small, each in their order, and
// both pointers moved past what they received. Every level writes the same taps (one rounding
// each) in the same order. Each side must have room for all n taps: a level may write past what
// it keeps there (what it writes beyond is not part of the result).
struct TapOutputs {
  double* big;
  double* small;
};
void split_taps(const double* samples, int n, double swing, double tiny, TapOutputs& out);
void split_taps_at(VectorLevel level, const double* samples, int n, double swing, double tiny,
                   TapOutputs& out);

}  // namespace mosaic::phy::kernels

#include "mosaic/phy/histogram_kernels.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic::phy::kernels {

// One clone per vector width; the loops are element-wise, so each clone gives the same bits.
#define MOSAIC_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

MOSAIC_VECTOR_CLONES int add_fair_bit(const double* p, int top, double u, int bins, double* out,
                                      double* padded) {
  const int whole = static_cast<int>(u);
  const double frac = u - whole;
  const double keep = 1.0 - frac;
  const int reach = top + whole + 1;
  // padded[whole + 1 + i] = p[i] / 2, zeros around it: each output bin then reads its three terms
  // (stay, move by whole, move by whole + 1) at fixed offsets, in a loop that vectorizes.
  std::fill(padded, padded + whole + 1, 0.0);
  for (int i = 0; i <= top; ++i) padded[whole + 1 + i] = 0.5 * p[i];
  std::fill(padded + whole + 2 + top, padded + top + 2 * whole + 3, 0.0);
  if (whole == 0) {
    for (int k = 0; k <= reach; ++k)
      out[k] = (padded[k] * frac + padded[k + 1]) + padded[k + 1] * keep;
  } else {
    for (int k = 0; k <= reach; ++k)
      out[k] = (padded[k] * frac + padded[k + 1] * keep) + padded[whole + 1 + k];
  }
  for (int k = bins; k <= reach; ++k) out[bins - 1] += out[k];
  return std::min(bins - 1, reach);
}

MOSAIC_VECTOR_CLONES void inverse_sigmas(double lo, double step, double cursor, double base_var,
                                         double shot_per_a, double floor_var, int bins,
                                         double* inv_sigma0, double* inv_sigma1) {
  for (int i = 0; i < bins; ++i) {
    const double x0 = lo + i * step;
    const double x1 = x0 + cursor;
    inv_sigma0[i] = 1.0 / std::sqrt(std::max(base_var + shot_per_a * std::max(x0, 0.0), floor_var));
    inv_sigma1[i] = 1.0 / std::sqrt(std::max(base_var + shot_per_a * std::max(x1, 0.0), floor_var));
  }
}

}  // namespace mosaic::phy::kernels

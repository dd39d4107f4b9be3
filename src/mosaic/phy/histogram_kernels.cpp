#include "mosaic/phy/histogram_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "mosaic/core/vector_level.hpp"

namespace mosaic::phy::kernels {

// One clone per vector width (MOSAIC_TARGET_CLONES); the loops are element-wise, so each clone
// gives the same bits.

MOSAIC_TARGET_CLONES int add_fair_bit(const double* half_p, int top, double u, int bins,
                                      double scale, double* out) {
  const int whole = static_cast<int>(u);
  const double frac = u - whole;
  const double keep = 1.0 - frac;
  const int reach = top + whole + 1;
  // Each output bin from its three terms: moved from whole + 1 below (frac), moved from whole
  // below (keep), stayed. Without a whole-bin move the middle term is the bin's own (the sums'
  // order as before, so the bits are).
  const double* from_far = half_p - whole - 1;
  const double* from_near = half_p - whole;
  auto value = [&](int k) {
    return whole == 0 ? (from_far[k] * frac + half_p[k]) + half_p[k] * keep
                      : (from_far[k] * frac + from_near[k] * keep) + half_p[k];
  };
  const int unspilled = std::min(reach + 1, bins - 1);
  for (int k = 0; k < unspilled; ++k) out[k] = scale * value(k);
  if (reach >= bins - 1) {
    double last = value(bins - 1);
    for (int k = bins; k <= reach; ++k) last += value(k);
    out[bins - 1] = scale * last;
  }
  return std::min(bins - 1, reach);
}

MOSAIC_TARGET_CLONES LumpedTaps lump_taps(const double* taps, int n) {
  // Eight lanes as one vector value (GCC's vector extension): each clone adds them at its width,
  // lane by lane, where separate accumulators came out as scalar adds.
  constexpr int kLanes = 8;
  typedef double Lanes __attribute__((vector_size(kLanes * sizeof(double))));
  Lanes sum = {};
  Lanes sq = {};
  const int whole = n - n % kLanes;
  for (int i = 0; i < whole; i += kLanes) {
    Lanes t;
    std::memcpy(&t, taps + i, sizeof t);
    sum += 0.5 * t;
    sq += 0.25 * (t * t);
  }
  for (int i = whole; i < n; ++i) {
    sum[i - whole] += 0.5 * taps[i];
    sq[i - whole] += 0.25 * (taps[i] * taps[i]);
  }
  auto pairwise = [](const Lanes& x) {
    return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
  };
  return {pairwise(sum), pairwise(sq)};
}

MOSAIC_TARGET_CLONES void inverse_sigmas(double lo, double step, double cursor, double base_var,
                                         double shot_per_a, double floor_var, int first, int last,
                                         double* inv_sigma0, double* inv_sigma1) {
  for (int i = first; i <= last; ++i) {
    const double x0 = lo + i * step;
    const double x1 = x0 + cursor;
    inv_sigma0[i] = 1.0 / std::sqrt(std::max(base_var + shot_per_a * std::max(x0, 0.0), floor_var));
    inv_sigma1[i] = 1.0 / std::sqrt(std::max(base_var + shot_per_a * std::max(x1, 0.0), floor_var));
  }
}

}  // namespace mosaic::phy::kernels

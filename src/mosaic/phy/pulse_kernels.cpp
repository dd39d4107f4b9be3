#include "mosaic/phy/pulse_kernels.hpp"

#include <cmath>

#include "mosaic/core/vector_level.hpp"

namespace mosaic::phy::kernels {
namespace {

// The loops are plain element-wise arithmetic, compiled once per level without fused
// multiply-adds (this file's option), so that every clone rounds as the scalar code does.

// Complex products as GCC forms (a + j b)(c + j d) for finite operands: a c - b d, a d + b c.
// The real and imaginary parts in loops of their own: in one loop GCC 12 vectorises the pair as a
// multiply and a fused multiply-add-subtract (its complex pattern, which the file's
// -ffp-contract=off does not stop), one rounding fewer.
MOSAIC_TARGET_CLONES void multiply_pairs(const double* __restrict x, const double* __restrict y,
                                         int count, double* __restrict out) {
  for (int k = 0; k < count; ++k) out[2 * k] = x[2 * k] * y[2 * k] - x[2 * k + 1] * y[2 * k + 1];
  for (int k = 0; k < count; ++k)
    out[2 * k + 1] = x[2 * k] * y[2 * k + 1] + x[2 * k + 1] * y[2 * k];
}

// The largest sample (the same value in any order of comparing: no response holds a NaN), in 8
// running maxima side by side so that the compares are a vector's.
MOSAIC_TARGET_CLONES double largest(const double* __restrict h, int n) {
  constexpr int kLanes = 8;
  double top[kLanes];
  for (int l = 0; l < kLanes; ++l) top[l] = h[0];
  int i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (int l = 0; l < kLanes; ++l) top[l] = h[i + l] > top[l] ? h[i + l] : top[l];
  for (; i < n; ++i) top[0] = h[i] > top[0] ? h[i] : top[0];
  double out = top[0];
  for (int l = 1; l < kLanes; ++l) out = top[l] > out ? top[l] : out;
  return out;
}

}  // namespace

void multiply_bins(const std::complex<double>* common, const std::complex<double>* led, int count,
                   std::complex<double>* out) {
  multiply_pairs(reinterpret_cast<const double*>(common), reinterpret_cast<const double*>(led),
                 count, reinterpret_cast<double*>(out));
}

int peak_index(const double* h, int n) {
  const double top = largest(h, n);
  const double floor = top - 1e-9 * std::abs(top);
  int first = -1;
  int last = -1;
  for (int i = 0; i < n; ++i) {
    if (h[i] >= floor) {
      if (first < 0) first = i;
      last = i;
    }
  }
  return (first + last) / 2;
}

MOSAIC_TARGET_CLONES void first_order_bins(double f3db_hz, double df_hz, int count,
                                           std::complex<double>* out) {
  double* o = reinterpret_cast<double*>(out);
  for (int k = 0; k < count; ++k) {
    const double x = (k * df_hz) / f3db_hz;
    const double near = x * x + 1.0;
    const double ratio = 1.0 / x;
    const double far = ratio + x;
    const bool inside = std::abs(x) <= 1.0;
    o[2 * k] = inside ? 1.0 / near : ratio / far;
    o[2 * k + 1] = inside ? (0.0 - x) / near : -1.0 / far;
  }
}

}  // namespace mosaic::phy::kernels

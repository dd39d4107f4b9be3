#include "mosaic/phy/tap_kernels.hpp"

#include <cmath>

#if MOSAIC_LEVEL_PATHS
#include <immintrin.h>
#endif

namespace mosaic::phy::kernels {
namespace {

// Each tap written to both ends and kept by the one whose end moves: no branch on a size that
// crosses `tiny` at no pattern a predictor could learn.
void split_taps_scalar(const double* samples, int n, double swing, double tiny, TapOutputs& out) {
  double* big = out.big;
  double* small = out.small;
  for (int i = 0; i < n; ++i) {
    const double t = swing * samples[i];
    const bool keep = std::abs(t) >= tiny;
    *big = t;
    *small = t;
    big += keep;
    small += !keep;
  }
  out.big = big;
  out.small = small;
}

#if MOSAIC_LEVEL_PATHS
// Eight taps at a time, each side compressed out of the vector in order.
MOSAIC_TARGET_AVX512 void split_taps_avx512(const double* samples, int n, double swing, double tiny,
                                            TapOutputs& out) {
  const __m512d by = _mm512_set1_pd(swing);
  const __m512d limit = _mm512_set1_pd(tiny);
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512d t = _mm512_mul_pd(_mm512_loadu_pd(samples + i), by);
    const __mmask8 keep = _mm512_cmp_pd_mask(_mm512_abs_pd(t), limit, _CMP_GE_OQ);
    _mm512_mask_compressstoreu_pd(out.big, keep, t);
    _mm512_mask_compressstoreu_pd(out.small, static_cast<__mmask8>(~keep), t);
    const int kept = __builtin_popcount(keep);
    out.big += kept;
    out.small += 8 - kept;
  }
  split_taps_scalar(samples + i, n - i, swing, tiny, out);
}
#endif

}  // namespace

void split_taps_at(VectorLevel level, const double* samples, int n, double swing, double tiny,
                   TapOutputs& out) {
#if MOSAIC_LEVEL_PATHS
  if (level == VectorLevel::kAvx512) return split_taps_avx512(samples, n, swing, tiny, out);
#endif
  (void)level;
  split_taps_scalar(samples, n, swing, tiny, out);
}

void split_taps(const double* samples, int n, double swing, double tiny, TapOutputs& out) {
  static const VectorLevel level = cpu_vector_level();
  split_taps_at(level, samples, n, swing, tiny, out);
}

}  // namespace mosaic::phy::kernels

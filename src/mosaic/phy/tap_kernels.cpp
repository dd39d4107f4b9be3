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
  // In locals: stores through out's pointers could alias out itself, which would be reloaded.
  double* big = out.big;
  double* small = out.small;
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512d t = _mm512_mul_pd(_mm512_loadu_pd(samples + i), by);
    const __mmask8 keep = _mm512_cmp_pd_mask(_mm512_abs_pd(t), limit, _CMP_GE_OQ);
    // Compressed in the register and stored whole (a compressing store to memory is microcoded
    // on some CPUs, tens of times slower): the lanes past each side's count land where the next
    // taps go, inside the room made for this run's taps.
    _mm512_storeu_pd(big, _mm512_maskz_compress_pd(keep, t));
    _mm512_storeu_pd(small, _mm512_maskz_compress_pd(static_cast<__mmask8>(~keep), t));
    const int kept = __builtin_popcount(keep);
    big += kept;
    small += 8 - kept;
  }
  out.big = big;
  out.small = small;
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

#pragma once

// The exponential the statistical eye's kernels share (q_sum_kernels, sum_exp_kernels): one
// polynomial, the same operations in the scalar reference and in each vector level, so that every
// level gives the same bits. Only those kernel files include this.

// GCC 12's AVX-512 intrinsics start their results from _mm512_undefined_*(), which
// -W(maybe-)uninitialized reports as a use of an uninitialized value (a false positive).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

#include "mosaic/core/vector_level.hpp"

#define MOSAIC_AVX512F __attribute__((target("avx512f")))
#define MOSAIC_AVX2 MOSAIC_TARGET_AVX2

namespace mosaic::phy::kernels {

inline constexpr double kLog2e = 1.4426950408889634;
inline constexpr double kLn2 = 0.6931471805599453;
// exp below this is taken as 0 (2^k stays a normal double).
inline constexpr double kMinExp = -708.0;
// Taylor coefficients of e^f to degree 10, highest first: error below 2e-10 on [0, ln 2). Horner's
// rule in fused multiply-adds, one rounding a step, in every kernel alike (the scalar reference
// calls std::fma), so the levels keep giving the same bits; half the operations of a multiply and
// an add, in the function that is a third of a sweep's time.
inline constexpr std::array<double, 11> kExpPoly = {
    1.0 / 3628800.0, 1.0 / 362880.0, 1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0, 1.0 / 120.0,
    1.0 / 24.0,      1.0 / 6.0,      0.5,           1.0,          1.0};

inline double exp_scalar(double x) {
  if (x < kMinExp) return 0.0;
  const double t = x * kLog2e;
  const double k = std::floor(t);
  const double f = (t - k) * kLn2;
  double p = kExpPoly[0];
  for (std::size_t j = 1; j < kExpPoly.size(); ++j) p = std::fma(p, f, kExpPoly[j]);
  return p * std::bit_cast<double>(static_cast<std::uint64_t>(static_cast<int>(k) + 1023) << 52);
}

inline double combine(const double* s) {
  return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

// exp(x) for x <= 0 as exp_scalar computes it, lane by lane (same operations, same order).
MOSAIC_AVX512F inline __m512d exp_avx512(__m512d x) {
  const __mmask8 tiny = _mm512_cmp_pd_mask(x, _mm512_set1_pd(kMinExp), _CMP_LT_OQ);
  const __m512d xc = _mm512_mask_blend_pd(tiny, x, _mm512_set1_pd(kMinExp));
  const __m512d t = _mm512_mul_pd(xc, _mm512_set1_pd(kLog2e));
  const __m512d k = _mm512_roundscale_pd(t, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  const __m512d fr = _mm512_mul_pd(_mm512_sub_pd(t, k), _mm512_set1_pd(kLn2));
  __m512d p = _mm512_set1_pd(kExpPoly[0]);
  for (std::size_t j = 1; j < kExpPoly.size(); ++j)
    p = _mm512_fmadd_pd(p, fr, _mm512_set1_pd(kExpPoly[j]));
  const __m256i ki = _mm256_add_epi32(_mm512_cvttpd_epi32(k), _mm256_set1_epi32(1023));
  const __m512d scale = _mm512_castsi512_pd(_mm512_slli_epi64(_mm512_cvtepi32_epi64(ki), 52));
  return _mm512_mask_blend_pd(tiny, _mm512_mul_pd(p, scale), _mm512_setzero_pd());
}

// exp_avx512 in four lanes (the same operations: floor is roundscale toward -inf).
MOSAIC_AVX2 __attribute__((always_inline)) inline __m256d exp_avx2(__m256d x) {
  const __m256d tiny = _mm256_cmp_pd(x, _mm256_set1_pd(kMinExp), _CMP_LT_OQ);
  const __m256d xc = _mm256_blendv_pd(x, _mm256_set1_pd(kMinExp), tiny);
  const __m256d t = _mm256_mul_pd(xc, _mm256_set1_pd(kLog2e));
  const __m256d k = _mm256_round_pd(t, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  const __m256d fr = _mm256_mul_pd(_mm256_sub_pd(t, k), _mm256_set1_pd(kLn2));
  __m256d p = _mm256_set1_pd(kExpPoly[0]);
  for (std::size_t j = 1; j < kExpPoly.size(); ++j)
    p = _mm256_fmadd_pd(p, fr, _mm256_set1_pd(kExpPoly[j]));
  const __m128i ki = _mm_add_epi32(_mm256_cvttpd_epi32(k), _mm_set1_epi32(1023));
  const __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_cvtepi32_epi64(ki), 52));
  return _mm256_andnot_pd(tiny, _mm256_mul_pd(p, scale));
}

}  // namespace mosaic::phy::kernels

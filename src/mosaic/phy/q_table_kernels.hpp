#pragma once

// Q(z) from a table of ln Q, as the decision sums (q_sum_kernels.cpp, q_sum_split_kernels.cpp)
// compute it: the scalar reference and each vector level, the same operations in the same order,
// with its derivative where a sum's slope is asked for. Only those kernel files include this.

#include <algorithm>
#include <cmath>
#include <vector>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/exp_kernels.hpp"

namespace mosaic::phy::kernels::q_table {

inline constexpr double kPerStep = 64.0;  // table entries per unit of z
inline constexpr double kMaxZ = 38.0;     // Q below 3e-316 beyond: 0 unless the sum is scaled
inline constexpr double kTableZ = 66.0;   // the table's end: ln Q(66) = -2183, beyond any scale

inline const std::vector<double>& log_q_table() {
  static const std::vector<double> table = [] {
    const int n = static_cast<int>(kTableZ * kPerStep) + 2;
    std::vector<double> t(n);
    for (int i = 0; i < n; ++i) t[i] = log_q(i / kPerStep);
    return t;
  }();
  return table;
}

// ln Q(a) for 0 <= a < kTableZ: the chord of the table's cell (the vector kernels' gathers do the
// same arithmetic). ln Q is concave, so the chord lies at or below it.
inline double table_ln_q(double a, const double* table) {
  const double u = a * kPerStep;
  const int i = static_cast<int>(u);
  const double f = u - i;
  return table[i] + f * (table[i + 1] - table[i]);
}

// e^log_scale as the negative-z terms use it. Above e^700 no such term can be left (it would have
// been found at a smaller scale), so the factor stops there rather than overflow.
inline double scale_factor(double log_scale) {
  return std::exp(std::min(log_scale, 700.0));
}

// Q(z) e^scale: Q from the table, e^scale applied inside the exponent where Q is a small tail
// (z >= 0) and as a factor to 1 - Q(|z|) where it is not. Unscaled (scale 0, e_scale 1) the
// operations are those of plain Q, bit for bit. With kSlope, *dq is dQ/dz e^scale of the function
// computed (the chord's slope times its exponential): e s for a tail, e s e^scale for 1 - Q(|z|),
// 0 where Q is taken as a constant (beyond the table, below z = -9).
template <bool kSlope>
inline double q_scaled_scalar(double z, const double* table, double scale, double e_scale,
                              double* dq) {
  const double a = std::abs(z);
  double e = 0.0;
  double slope = 0.0;
  if (a < kTableZ) {
    const double u = a * kPerStep;
    const int i = static_cast<int>(u);
    const double f = u - i;
    const double d = table[i + 1] - table[i];
    const double x = table[i] + f * d;
    e = exp_scalar(z < 0.0 ? x : x + scale);
    slope = d * kPerStep;
  }
  if constexpr (kSlope) {
    const double de = e * slope;
    *dq = z < 0.0 ? (z < -9.0 ? 0.0 : de * e_scale) : de;
  }
  if (z < 0.0) return z < -9.0 ? e_scale : (1.0 - e) * e_scale;
  return e;
}

// q_scaled_scalar below max_z, exactly 0 (and its slope +0) from there on: the scalar reference
// of the vector kernels' skip of lanes beyond the cutoff.
template <bool kSlope>
inline double q_below_scalar(double z, double max_z, const double* table, double scale,
                             double e_scale, double* dq) {
  if (z < max_z) return q_scaled_scalar<kSlope>(z, table, scale, e_scale, dq);
  if constexpr (kSlope) *dq = 0.0;
  return 0.0;
}

// q_scaled_scalar, lane by lane; *dq as it gives it, where kSlope.
template <bool kSlope>
MOSAIC_AVX512F __attribute__((always_inline)) inline __m512d q_lanes_avx512(
    __m512d z, const double* table, __m512d scale, __m512d e_scale, __m512d* dq) {
  const __m512d zero = _mm512_setzero_pd();
  const __m512d a = _mm512_abs_pd(z);
  const __mmask8 big = _mm512_cmp_pd_mask(a, _mm512_set1_pd(kTableZ), _CMP_GE_OQ);
  // Lanes beyond the table read its first cell; their result is replaced by 0 below.
  const __m512d a_in = _mm512_mask_blend_pd(big, a, zero);
  const __m512d u = _mm512_mul_pd(a_in, _mm512_set1_pd(kPerStep));
  const __m256i i = _mm512_cvttpd_epi32(u);
  const __m512d f = _mm512_sub_pd(u, _mm512_cvtepi32_pd(i));
  const __m512d t0 = _mm512_i32gather_pd(i, table, 8);
  const __m512d t1 = _mm512_i32gather_pd(_mm256_add_epi32(i, _mm256_set1_epi32(1)), table, 8);
  const __m512d d = _mm512_sub_pd(t1, t0);
  const __m512d x = _mm512_add_pd(t0, _mm512_mul_pd(f, d));
  const __mmask8 negative = _mm512_cmp_pd_mask(z, zero, _CMP_LT_OQ);
  __m512d e = exp_avx512(_mm512_mask_add_pd(x, static_cast<__mmask8>(~negative), x, scale));
  e = _mm512_mask_blend_pd(big, e, zero);
  // Negative z: (1 - Q(|z|)) e^scale, and exactly e^scale below -9 (as the scalar reference).
  const __mmask8 very_negative = _mm512_cmp_pd_mask(z, _mm512_set1_pd(-9.0), _CMP_LT_OQ);
  if constexpr (kSlope) {
    // Beyond the table the scalar reference's slope is +0, not the first cell's.
    const __m512d de = _mm512_maskz_mov_pd(
        static_cast<__mmask8>(~big), _mm512_mul_pd(e, _mm512_mul_pd(d, _mm512_set1_pd(kPerStep))));
    *dq = _mm512_maskz_mov_pd(static_cast<__mmask8>(~very_negative),
                              _mm512_mask_blend_pd(negative, de, _mm512_mul_pd(de, e_scale)));
  }
  const __m512d q = _mm512_mask_blend_pd(
      negative, e, _mm512_mul_pd(_mm512_sub_pd(_mm512_set1_pd(1.0), e), e_scale));
  return _mm512_mask_blend_pd(very_negative, q, e_scale);
}

// The plain Q as a call of its own: inlined into the sums' loop (twice a group), the same
// operations ran 1.6 times slower there; the slope's sum inlines it into one call per group
// instead (group_avx512).
MOSAIC_AVX512F __attribute__((noinline)) inline __m512d q_plain_avx512(__m512d z,
                                                                       const double* table,
                                                                       __m512d scale,
                                                                       __m512d e_scale) {
  return q_lanes_avx512<false>(z, table, scale, e_scale, nullptr);
}

template <bool kSlope>
MOSAIC_AVX512F __attribute__((always_inline)) inline __m512d q_avx512(
    __m512d z, const double* table, __m512d scale, __m512d e_scale, __m512d* dq) {
  if constexpr (kSlope)
    return q_lanes_avx512<true>(z, table, scale, e_scale, dq);
  else
    return q_plain_avx512(z, table, scale, e_scale);
}

// q_avx512, or exactly 0 without computing it where no lane's tail lies below max_z (`within`:
// the lanes that do, as the group's skip test found them): Q is 0 beyond it, p 0 = 0 and
// 0 + x = x, so the sums keep their bits. *dq likewise.
template <bool kSlope>
MOSAIC_AVX512F __attribute__((always_inline)) inline __m512d q_or_zero_avx512(
    __m512d z, __mmask8 within, const double* table, __m512d scale, __m512d e_scale, __m512d* dq) {
  if (within == 0) {
    if constexpr (kSlope) *dq = _mm512_setzero_pd();
    return _mm512_setzero_pd();
  }
  __m512d slope;
  const __m512d q = q_avx512<kSlope>(z, table, scale, e_scale, &slope);
  if constexpr (kSlope) *dq = _mm512_maskz_mov_pd(within, slope);
  return _mm512_maskz_mov_pd(within, q);
}

// q_avx512 in four lanes.
template <bool kSlope>
MOSAIC_AVX2 __attribute__((always_inline)) inline __m256d q_avx2(__m256d z, const double* table,
                                                                 __m256d scale, __m256d e_scale,
                                                                 __m256d* dq) {
  const __m256d zero = _mm256_setzero_pd();
  const __m256d a = _mm256_andnot_pd(_mm256_set1_pd(-0.0), z);
  const __m256d big = _mm256_cmp_pd(a, _mm256_set1_pd(kTableZ), _CMP_GE_OQ);
  const __m256d a_in = _mm256_andnot_pd(big, a);
  const __m256d u = _mm256_mul_pd(a_in, _mm256_set1_pd(kPerStep));
  const __m128i i = _mm256_cvttpd_epi32(u);
  const __m256d f = _mm256_sub_pd(u, _mm256_cvtepi32_pd(i));
  const __m256d t0 = _mm256_i32gather_pd(table, i, 8);
  const __m256d t1 = _mm256_i32gather_pd(table, _mm_add_epi32(i, _mm_set1_epi32(1)), 8);
  const __m256d d = _mm256_sub_pd(t1, t0);
  const __m256d x = _mm256_add_pd(t0, _mm256_mul_pd(f, d));
  const __m256d negative = _mm256_cmp_pd(z, zero, _CMP_LT_OQ);
  __m256d e = exp_avx2(_mm256_blendv_pd(_mm256_add_pd(x, scale), x, negative));
  e = _mm256_andnot_pd(big, e);
  const __m256d very_negative = _mm256_cmp_pd(z, _mm256_set1_pd(-9.0), _CMP_LT_OQ);
  if constexpr (kSlope) {
    const __m256d de =
        _mm256_andnot_pd(big, _mm256_mul_pd(e, _mm256_mul_pd(d, _mm256_set1_pd(kPerStep))));
    *dq =
        _mm256_andnot_pd(very_negative, _mm256_blendv_pd(de, _mm256_mul_pd(de, e_scale), negative));
  }
  const __m256d q =
      _mm256_blendv_pd(e, _mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(1.0), e), e_scale), negative);
  return _mm256_blendv_pd(q, e_scale, very_negative);
}

// q_or_zero_avx512 in four lanes (`within`: the lanes' compare with max_z, all ones or zeros).
template <bool kSlope>
MOSAIC_AVX2 __attribute__((always_inline)) inline __m256d q_or_zero_avx2(
    __m256d z, __m256d within, const double* table, __m256d scale, __m256d e_scale, __m256d* dq) {
  if (_mm256_movemask_pd(within) == 0) {
    if constexpr (kSlope) *dq = _mm256_setzero_pd();
    return _mm256_setzero_pd();
  }
  __m256d slope;
  const __m256d q = q_avx2<kSlope>(z, table, scale, e_scale, &slope);
  if constexpr (kSlope) *dq = _mm256_and_pd(within, slope);
  return _mm256_and_pd(within, q);
}

// A sum's eight lanes added as the scalar reference adds its partial sums, the slope's likewise
// where asked for.
template <bool kSlope>
MOSAIC_AVX512F inline double finish_avx512(__m512d sum, __m512d grad, double* slope) {
  alignas(64) double s[8];
  if constexpr (kSlope) {
    _mm512_store_pd(s, grad);
    *slope = combine(s);
  }
  _mm512_store_pd(s, sum);
  return combine(s);
}

MOSAIC_AVX2 inline double combine_avx2(__m256d lo, __m256d hi) {
  alignas(32) double s[8];
  _mm256_store_pd(s, lo);
  _mm256_store_pd(s + 4, hi);
  return combine(s);
}

}  // namespace mosaic::phy::kernels::q_table

#include "mosaic/phy/q_sum_kernels.hpp"

// GCC 12's AVX-512 intrinsics start their results from _mm512_undefined_*(), which
// -W(maybe-)uninitialized reports as a use of an uninitialized value (a false positive).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/exp_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

constexpr double kPerStep = 64.0;  // table entries per unit of z
constexpr double kMaxZ = 38.0;     // Q below 3e-316 beyond: 0 unless the sum is scaled
constexpr double kTableZ = 66.0;   // the table's end: ln Q(66) = -2183, beyond reach of any scale
const std::vector<double>& log_q_table() {
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
double table_ln_q(double a, const double* table) {
  const double u = a * kPerStep;
  const int i = static_cast<int>(u);
  const double f = u - i;
  return table[i] + f * (table[i + 1] - table[i]);
}

// Q(z) e^scale: Q from the table, e^scale applied inside the exponent where Q is a small tail
// (z >= 0) and as a factor to 1 - Q(|z|) where it is not. Unscaled (scale 0, e_scale 1) the
// operations are those of plain Q, bit for bit.
double q_scaled_scalar(double z, const double* table, double scale, double e_scale) {
  const double a = std::abs(z);
  double e = 0.0;
  if (a < kTableZ) {
    const double x = table_ln_q(a, table);
    e = exp_scalar(z < 0.0 ? x : x + scale);
  }
  if (z < 0.0) return z < -9.0 ? e_scale : (1.0 - e) * e_scale;
  return e;
}

// e^log_scale as the negative-z terms use it. Above e^700 no such term can be left (it would have
// been found at a smaller scale), so the factor stops there rather than overflow.
double scale_factor(double log_scale) {
  return std::exp(std::min(log_scale, 700.0));
}

// The largest z a term is computed at: `reach` (the table's, or where exp underflows), or below it
// where Q falls under 2^-60 of a lower bound on the sum: the term of the highest bin with
// probability in the 0 tail or of the lowest in the 1 tail, whichever is larger (the smallest z of
// either tail, z falling with the amplitude in the one and rising in the other; any bin's term
// would bound the sum). The bound is taken low: p by its binary exponent, ln Q by the table's
// chord. With Q(z) <= e^(-z^2/2) / 2 beyond the cutoff, and the scale
// on both sides, the cutoff is where that reaches 2^-60 of the bound.
double z_cutoff(const QSumInput& in, const double* table, double reach) {
  int top = in.bins - 1;
  while (top >= 0 && in.p[top] == 0.0) --top;
  if (top < 0) return reach;
  int bottom = 0;
  while (in.p[bottom] == 0.0) ++bottom;
  auto ln_term = [&](int i, double z) {
    if (z >= kTableZ) return -std::numeric_limits<double>::infinity();
    const double ln_q = z > 0.0 ? table_ln_q(z, table) : -kLn2;  // Q >= 1/2 below z = 0
    // log2 p rounded down from its exponent bits (a subnormal p as the smallest exponent).
    const auto bits = std::bit_cast<std::uint64_t>(in.p[i]);
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    const int exponent = biased == 0 ? -1074 : biased - 1023;
    return exponent * kLn2 + ln_q;
  };
  const double x_top = in.lo + top * in.step;
  const double x_bottom = in.lo + bottom * in.step;
  const double ln_bound =
      std::max(ln_term(top, (in.threshold - x_top) * in.inv_sigma0[top]),
               ln_term(bottom, (x_bottom + in.cursor - in.threshold) * in.inv_sigma1[bottom]));
  if (!(ln_bound > -std::numeric_limits<double>::infinity())) return reach;
  return std::min(reach, std::sqrt(-2.0 * (ln_bound - 59.0 * kLn2)));
}

// q_scaled_scalar, lane by lane.
MOSAIC_AVX512F __m512d q_avx512(__m512d z, const double* table, __m512d scale, __m512d e_scale) {
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
  const __m512d x = _mm512_add_pd(t0, _mm512_mul_pd(f, _mm512_sub_pd(t1, t0)));
  const __mmask8 negative = _mm512_cmp_pd_mask(z, zero, _CMP_LT_OQ);
  __m512d e = exp_avx512(_mm512_mask_add_pd(x, static_cast<__mmask8>(~negative), x, scale));
  e = _mm512_mask_blend_pd(big, e, zero);
  // Negative z: (1 - Q(|z|)) e^scale, and exactly e^scale below -9 (as the scalar reference).
  const __mmask8 very_negative = _mm512_cmp_pd_mask(z, _mm512_set1_pd(-9.0), _CMP_LT_OQ);
  const __m512d q = _mm512_mask_blend_pd(
      negative, e, _mm512_mul_pd(_mm512_sub_pd(_mm512_set1_pd(1.0), e), e_scale));
  return _mm512_mask_blend_pd(very_negative, q, e_scale);
}

// q_avx512, or exactly 0 without computing it where no lane's tail lies below max_z (`within`:
// the lanes that do, as the group's skip test found them): Q is 0 beyond it, p 0 = 0 and
// 0 + x = x, so the sums keep their bits.
MOSAIC_AVX512F __attribute__((always_inline)) inline __m512d q_or_zero_avx512(
    __m512d z, __mmask8 within, const double* table, __m512d scale, __m512d e_scale) {
  if (within == 0) return _mm512_setzero_pd();
  return _mm512_maskz_mov_pd(within, q_avx512(z, table, scale, e_scale));
}

// q_avx512 in four lanes.
MOSAIC_AVX2 __attribute__((always_inline)) inline __m256d q_avx2(__m256d z, const double* table,
                                                                 __m256d scale, __m256d e_scale) {
  const __m256d zero = _mm256_setzero_pd();
  const __m256d a = _mm256_andnot_pd(_mm256_set1_pd(-0.0), z);
  const __m256d big = _mm256_cmp_pd(a, _mm256_set1_pd(kTableZ), _CMP_GE_OQ);
  const __m256d a_in = _mm256_andnot_pd(big, a);
  const __m256d u = _mm256_mul_pd(a_in, _mm256_set1_pd(kPerStep));
  const __m128i i = _mm256_cvttpd_epi32(u);
  const __m256d f = _mm256_sub_pd(u, _mm256_cvtepi32_pd(i));
  const __m256d t0 = _mm256_i32gather_pd(table, i, 8);
  const __m256d t1 = _mm256_i32gather_pd(table, _mm_add_epi32(i, _mm_set1_epi32(1)), 8);
  const __m256d x = _mm256_add_pd(t0, _mm256_mul_pd(f, _mm256_sub_pd(t1, t0)));
  const __m256d negative = _mm256_cmp_pd(z, zero, _CMP_LT_OQ);
  __m256d e = exp_avx2(_mm256_blendv_pd(_mm256_add_pd(x, scale), x, negative));
  e = _mm256_andnot_pd(big, e);
  const __m256d very_negative = _mm256_cmp_pd(z, _mm256_set1_pd(-9.0), _CMP_LT_OQ);
  const __m256d q =
      _mm256_blendv_pd(e, _mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(1.0), e), e_scale), negative);
  return _mm256_blendv_pd(q, e_scale, very_negative);
}

// q_or_zero_avx512 in four lanes (`within`: the lanes' compare with max_z, all ones or zeros).
MOSAIC_AVX2 __attribute__((always_inline)) inline __m256d q_or_zero_avx2(__m256d z, __m256d within,
                                                                         const double* table,
                                                                         __m256d scale,
                                                                         __m256d e_scale) {
  if (_mm256_movemask_pd(within) == 0) return _mm256_setzero_pd();
  return _mm256_and_pd(within, q_avx2(z, table, scale, e_scale));
}

MOSAIC_AVX2 double combine_avx2(__m256d lo, __m256d hi) {
  alignas(32) double s[8];
  _mm256_store_pd(s, lo);
  _mm256_store_pd(s + 4, hi);
  return combine(s);
}

// q_sum_avx512's groups of 8 bins as two halves of four, each half its own partial sums (the
// same lanes as the scalar reference's), a half skipped where all its terms are exactly 0.
MOSAIC_AVX2 double q_sum_avx2(const QSumInput& in) {
  const double* table = log_q_table().data();
  const __m256d zero = _mm256_setzero_pd();
  const __m256d iota = _mm256_set_pd(3, 2, 1, 0);
  const __m256d lo = _mm256_set1_pd(in.lo);
  const __m256d step = _mm256_set1_pd(in.step);
  const __m256d cursor = _mm256_set1_pd(in.cursor);
  const __m256d d = _mm256_set1_pd(in.threshold);
  const __m256d scale = _mm256_set1_pd(in.log_scale);
  const __m256d e_scale = _mm256_set1_pd(scale_factor(in.log_scale));
  const __m256d max_z = _mm256_set1_pd(z_cutoff(in, table, in.log_scale == 0.0 ? kMaxZ : kTableZ));
  __m256d sum[2] = {zero, zero};
  for (int i = 0; i < in.bins; i += 4) {
    const __m256d p = _mm256_loadu_pd(in.p + i);
    const __m256d live = _mm256_cmp_pd(p, zero, _CMP_NEQ_UQ);
    if (_mm256_movemask_pd(live) == 0) continue;
    const __m256d idx = _mm256_add_pd(_mm256_set1_pd(static_cast<double>(i)), iota);
    const __m256d x0 = _mm256_add_pd(lo, _mm256_mul_pd(idx, step));
    const __m256d z1 = _mm256_mul_pd(_mm256_sub_pd(_mm256_add_pd(x0, cursor), d),
                                     _mm256_loadu_pd(in.inv_sigma1 + i));
    const __m256d z0 = _mm256_mul_pd(_mm256_sub_pd(d, x0), _mm256_loadu_pd(in.inv_sigma0 + i));
    const __m256d within1 = _mm256_cmp_pd(z1, max_z, _CMP_LT_OQ);
    const __m256d within0 = _mm256_cmp_pd(z0, max_z, _CMP_LT_OQ);
    if (_mm256_movemask_pd(_mm256_or_pd(within1, within0)) == 0) continue;
    const __m256d q1 = q_or_zero_avx2(z1, within1, table, scale, e_scale);
    const __m256d q0 = q_or_zero_avx2(z0, within0, table, scale, e_scale);
    const __m256d term = _mm256_mul_pd(p, _mm256_add_pd(q1, q0));
    __m256d& s = sum[(i >> 2) & 1];
    s = _mm256_blendv_pd(s, _mm256_add_pd(s, term), live);
  }
  return combine_avx2(sum[0], sum[1]);
}

MOSAIC_AVX2 double q_sum_split_avx2(const QSumSplitInput& in) {
  const double* table = log_q_table().data();
  const __m256d zero = _mm256_setzero_pd();
  const __m256d iota = _mm256_set_pd(3, 2, 1, 0);
  const __m256d lo = _mm256_set1_pd(in.lo);
  const __m256d step = _mm256_set1_pd(in.step);
  const __m256d d = _mm256_set1_pd(in.threshold);
  const __m256d scale = _mm256_set1_pd(in.log_scale);
  const __m256d e_scale = _mm256_set1_pd(scale_factor(in.log_scale));
  const __m256d max_z = _mm256_set1_pd(in.log_scale == 0.0 ? kMaxZ : kTableZ);
  __m256d sum[2] = {zero, zero};
  for (int i = 0; i < in.bins; i += 4) {
    const __m256d p0 = _mm256_loadu_pd(in.p0 + i);
    const __m256d p1 = _mm256_loadu_pd(in.p1 + i);
    const __m256d live =
        _mm256_or_pd(_mm256_cmp_pd(p0, zero, _CMP_NEQ_UQ), _mm256_cmp_pd(p1, zero, _CMP_NEQ_UQ));
    if (_mm256_movemask_pd(live) == 0) continue;
    const __m256d idx = _mm256_add_pd(_mm256_set1_pd(static_cast<double>(i)), iota);
    const __m256d x0 = _mm256_add_pd(lo, _mm256_mul_pd(idx, step));
    const __m256d inv = _mm256_loadu_pd(in.inv_sigma + i);
    const __m256d z1 = _mm256_mul_pd(_mm256_sub_pd(x0, d), inv);
    const __m256d z0 = _mm256_mul_pd(_mm256_sub_pd(d, x0), inv);
    const __m256d within1 = _mm256_cmp_pd(z1, max_z, _CMP_LT_OQ);
    const __m256d within0 = _mm256_cmp_pd(z0, max_z, _CMP_LT_OQ);
    if (_mm256_movemask_pd(_mm256_or_pd(within1, within0)) == 0) continue;
    const __m256d q1 = q_or_zero_avx2(z1, within1, table, scale, e_scale);
    const __m256d q0 = q_or_zero_avx2(z0, within0, table, scale, e_scale);
    const __m256d term = _mm256_add_pd(_mm256_mul_pd(p1, q1), _mm256_mul_pd(p0, q0));
    __m256d& s = sum[(i >> 2) & 1];
    s = _mm256_blendv_pd(s, _mm256_add_pd(s, term), live);
  }
  return combine_avx2(sum[0], sum[1]);
}

}  // namespace

double table_q(double z) {
  return q_scaled_scalar(z, log_q_table().data(), 0.0, 1.0);
}

double q_sum_scalar(const QSumInput& in) {
  const double* table = log_q_table().data();
  const double e_scale = scale_factor(in.log_scale);
  const double max_z = z_cutoff(in, table, in.log_scale == 0.0 ? kMaxZ : kTableZ);
  auto q = [&](double z) {
    return z < max_z ? q_scaled_scalar(z, table, in.log_scale, e_scale) : 0.0;
  };
  double s[8] = {};
  for (int i = 0; i < in.bins; ++i) {
    const double p = in.p[i];
    if (p == 0.0) continue;  // adds exactly +0 in the vector kernel
    const double x0 = in.lo + i * in.step;
    s[i & 7] += p * (q((x0 + in.cursor - in.threshold) * in.inv_sigma1[i]) +
                     q((in.threshold - x0) * in.inv_sigma0[i]));
  }
  return combine(s);
}

namespace {

MOSAIC_AVX512F double q_sum_avx512(const QSumInput& in) {
  const double* table = log_q_table().data();
  const __m512d iota = _mm512_set_pd(7, 6, 5, 4, 3, 2, 1, 0);
  const __m512d lo = _mm512_set1_pd(in.lo);
  const __m512d step = _mm512_set1_pd(in.step);
  const __m512d cursor = _mm512_set1_pd(in.cursor);
  const __m512d d = _mm512_set1_pd(in.threshold);
  const __m512d scale = _mm512_set1_pd(in.log_scale);
  const __m512d e_scale = _mm512_set1_pd(scale_factor(in.log_scale));
  // Beyond this z a tail's term is 0 (exp underflows, or it cannot reach the sum's last bit), so
  // a group of 8 bins whose tails all lie beyond it is skipped.
  const __m512d max_z = _mm512_set1_pd(z_cutoff(in, table, in.log_scale == 0.0 ? kMaxZ : kTableZ));
  __m512d sum = _mm512_setzero_pd();
  for (int i = 0; i < in.bins; i += 8) {
    const __m512d p = _mm512_loadu_pd(in.p + i);
    if (_mm512_cmp_pd_mask(p, _mm512_setzero_pd(), _CMP_NEQ_UQ) == 0) continue;
    const __m512d idx = _mm512_add_pd(_mm512_set1_pd(static_cast<double>(i)), iota);
    const __m512d x0 = _mm512_add_pd(lo, _mm512_mul_pd(idx, step));
    const __m512d z1 = _mm512_mul_pd(_mm512_sub_pd(_mm512_add_pd(x0, cursor), d),
                                     _mm512_loadu_pd(in.inv_sigma1 + i));
    const __m512d z0 = _mm512_mul_pd(_mm512_sub_pd(d, x0), _mm512_loadu_pd(in.inv_sigma0 + i));
    const __mmask8 within1 = _mm512_cmp_pd_mask(z1, max_z, _CMP_LT_OQ);
    const __mmask8 within0 = _mm512_cmp_pd_mask(z0, max_z, _CMP_LT_OQ);
    if ((within1 | within0) == 0) continue;
    const __m512d q1 = q_or_zero_avx512(z1, within1, table, scale, e_scale);
    const __m512d q0 = q_or_zero_avx512(z0, within0, table, scale, e_scale);
    const __m512d term = _mm512_mul_pd(p, _mm512_add_pd(q1, q0));
    // p = 0 lanes may hold 0 * inf = NaN in principle; they add exactly +0 instead.
    const __mmask8 live = _mm512_cmp_pd_mask(p, _mm512_setzero_pd(), _CMP_NEQ_UQ);
    sum = _mm512_mask_add_pd(sum, live, sum, term);
  }
  alignas(64) double s[8];
  _mm512_store_pd(s, sum);
  return combine(s);
}

}  // namespace

double q_sum_split_scalar(const QSumSplitInput& in) {
  const double* table = log_q_table().data();
  const double e_scale = scale_factor(in.log_scale);
  double s[8] = {};
  for (int i = 0; i < in.bins; ++i) {
    const double p0 = in.p0[i];
    const double p1 = in.p1[i];
    if (p0 == 0.0 && p1 == 0.0) continue;  // adds exactly +0 in the vector kernel
    const double x0 = in.lo + i * in.step;
    s[i & 7] +=
        p1 * q_scaled_scalar((x0 - in.threshold) * in.inv_sigma[i], table, in.log_scale, e_scale) +
        p0 * q_scaled_scalar((in.threshold - x0) * in.inv_sigma[i], table, in.log_scale, e_scale);
  }
  return combine(s);
}

namespace {

MOSAIC_AVX512F double q_sum_split_avx512(const QSumSplitInput& in) {
  const double* table = log_q_table().data();
  const __m512d iota = _mm512_set_pd(7, 6, 5, 4, 3, 2, 1, 0);
  const __m512d zero = _mm512_setzero_pd();
  const __m512d lo = _mm512_set1_pd(in.lo);
  const __m512d step = _mm512_set1_pd(in.step);
  const __m512d d = _mm512_set1_pd(in.threshold);
  const __m512d scale = _mm512_set1_pd(in.log_scale);
  const __m512d e_scale = _mm512_set1_pd(scale_factor(in.log_scale));
  const __m512d max_z = _mm512_set1_pd(in.log_scale == 0.0 ? kMaxZ : kTableZ);
  __m512d sum = zero;
  for (int i = 0; i < in.bins; i += 8) {
    const __m512d p0 = _mm512_loadu_pd(in.p0 + i);
    const __m512d p1 = _mm512_loadu_pd(in.p1 + i);
    const __mmask8 live =
        _mm512_cmp_pd_mask(p0, zero, _CMP_NEQ_UQ) | _mm512_cmp_pd_mask(p1, zero, _CMP_NEQ_UQ);
    if (live == 0) continue;
    const __m512d idx = _mm512_add_pd(_mm512_set1_pd(static_cast<double>(i)), iota);
    const __m512d x0 = _mm512_add_pd(lo, _mm512_mul_pd(idx, step));
    const __m512d inv = _mm512_loadu_pd(in.inv_sigma + i);
    const __m512d z1 = _mm512_mul_pd(_mm512_sub_pd(x0, d), inv);
    const __m512d z0 = _mm512_mul_pd(_mm512_sub_pd(d, x0), inv);
    const __mmask8 within1 = _mm512_cmp_pd_mask(z1, max_z, _CMP_LT_OQ);
    const __mmask8 within0 = _mm512_cmp_pd_mask(z0, max_z, _CMP_LT_OQ);
    if ((within1 | within0) == 0) continue;
    const __m512d q1 = q_or_zero_avx512(z1, within1, table, scale, e_scale);
    const __m512d q0 = q_or_zero_avx512(z0, within0, table, scale, e_scale);
    const __m512d term = _mm512_add_pd(_mm512_mul_pd(p1, q1), _mm512_mul_pd(p0, q0));
    sum = _mm512_mask_add_pd(sum, live, sum, term);
  }
  alignas(64) double s[8];
  _mm512_store_pd(s, sum);
  return combine(s);
}

}  // namespace

double q_sum_split_at(VectorLevel level, const QSumSplitInput& in) {
  return pick_level(level, &q_sum_split_avx512, &q_sum_split_avx2, &q_sum_split_scalar)(in);
}

double q_sum_split(const QSumSplitInput& in) {
  static const auto best =
      pick_level(cpu_vector_level(), &q_sum_split_avx512, &q_sum_split_avx2, &q_sum_split_scalar);
  return best(in);
}

double q_sum_at(VectorLevel level, const QSumInput& in) {
  return pick_level(level, &q_sum_avx512, &q_sum_avx2, &q_sum_scalar)(in);
}

double q_sum(const QSumInput& in) {
  static const auto best =
      pick_level(cpu_vector_level(), &q_sum_avx512, &q_sum_avx2, &q_sum_scalar);
  return best(in);
}

}  // namespace mosaic::phy::kernels

// The decision sums of a split (nonlinear victim) distribution: q_sum_split and its slope.
#include <algorithm>
#include <cmath>

#include "mosaic/phy/q_sum_kernels.hpp"
#include "mosaic/phy/q_table_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

using namespace q_table;

// Beyond this z a term is exactly 0: exp underflows unscaled, the table ends scaled.
double split_max_z(const QSumSplitInput& in) {
  return in.log_scale == 0.0 ? kMaxZ : kTableZ;
}

template <bool kSlope>
double q_sum_split_scalar_t(const QSumSplitInput& in, double* slope) {
  const double* table = log_q_table().data();
  const double e_scale = scale_factor(in.log_scale);
  const double max_z = split_max_z(in);
  auto q = [&](double z, double* dq) {
    return q_below_scalar<kSlope>(z, max_z, table, in.log_scale, e_scale, dq);
  };
  double s[8] = {};
  double g[8] = {};
  for (int i = 0; i < in.bins; ++i) {
    const double p0 = in.p0[i];
    const double p1 = in.p1[i];
    if (p0 == 0.0 && p1 == 0.0) continue;  // adds exactly +0 in the vector kernel
    const double x0 = in.lo + i * in.step;
    double dq1 = 0.0, dq0 = 0.0;
    const double q1 = q((x0 - in.threshold) * in.inv_sigma[i], &dq1);
    const double q0 = q((in.threshold - x0) * in.inv_sigma[i], &dq0);
    s[i & 7] += p1 * q1 + p0 * q0;
    if constexpr (kSlope) g[i & 7] += in.inv_sigma[i] * (p0 * dq0 - p1 * dq1);
  }
  if constexpr (kSlope) *slope = combine(g);
  return combine(s);
}

template <bool kSlope>
MOSAIC_AVX2 double q_sum_split_avx2_t(const QSumSplitInput& in, double* slope) {
  const double* table = log_q_table().data();
  const __m256d zero = _mm256_setzero_pd();
  const __m256d iota = _mm256_set_pd(3, 2, 1, 0);
  const __m256d lo = _mm256_set1_pd(in.lo);
  const __m256d step = _mm256_set1_pd(in.step);
  const __m256d d = _mm256_set1_pd(in.threshold);
  const __m256d scale = _mm256_set1_pd(in.log_scale);
  const __m256d e_scale = _mm256_set1_pd(scale_factor(in.log_scale));
  const __m256d max_z = _mm256_set1_pd(split_max_z(in));
  __m256d sum[2] = {zero, zero};
  __m256d grad[2] = {zero, zero};
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
    __m256d dq1, dq0;
    const __m256d q1 = q_or_zero_avx2<kSlope>(z1, within1, table, scale, e_scale, &dq1);
    const __m256d q0 = q_or_zero_avx2<kSlope>(z0, within0, table, scale, e_scale, &dq0);
    const __m256d term = _mm256_add_pd(_mm256_mul_pd(p1, q1), _mm256_mul_pd(p0, q0));
    __m256d& s = sum[(i >> 2) & 1];
    s = _mm256_blendv_pd(s, _mm256_add_pd(s, term), live);
    if constexpr (kSlope) {
      const __m256d dterm =
          _mm256_mul_pd(inv, _mm256_sub_pd(_mm256_mul_pd(p0, dq0), _mm256_mul_pd(p1, dq1)));
      __m256d& g = grad[(i >> 2) & 1];
      g = _mm256_blendv_pd(g, _mm256_add_pd(g, dterm), live);
    }
  }
  if constexpr (kSlope) *slope = combine_avx2(grad[0], grad[1]);
  return combine_avx2(sum[0], sum[1]);
}

template <bool kSlope>
MOSAIC_AVX512F double q_sum_split_avx512_t(const QSumSplitInput& in, double* slope) {
  const double* table = log_q_table().data();
  const __m512d iota = _mm512_set_pd(7, 6, 5, 4, 3, 2, 1, 0);
  const __m512d zero = _mm512_setzero_pd();
  const __m512d lo = _mm512_set1_pd(in.lo);
  const __m512d step = _mm512_set1_pd(in.step);
  const __m512d d = _mm512_set1_pd(in.threshold);
  const __m512d scale = _mm512_set1_pd(in.log_scale);
  const __m512d e_scale = _mm512_set1_pd(scale_factor(in.log_scale));
  const __m512d max_z = _mm512_set1_pd(split_max_z(in));
  __m512d sum = zero;
  __m512d grad = zero;
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
    __m512d dq1, dq0;
    const __m512d q1 = q_or_zero_avx512<kSlope>(z1, within1, table, scale, e_scale, &dq1);
    const __m512d q0 = q_or_zero_avx512<kSlope>(z0, within0, table, scale, e_scale, &dq0);
    const __m512d term = _mm512_add_pd(_mm512_mul_pd(p1, q1), _mm512_mul_pd(p0, q0));
    sum = _mm512_mask_add_pd(sum, live, sum, term);
    if constexpr (kSlope) {
      const __m512d dterm =
          _mm512_mul_pd(inv, _mm512_sub_pd(_mm512_mul_pd(p0, dq0), _mm512_mul_pd(p1, dq1)));
      grad = _mm512_mask_add_pd(grad, live, grad, dterm);
    }
  }
  return finish_avx512<kSlope>(sum, grad, slope);
}

}  // namespace

namespace {

// Each level's kernel, plain or with the slope.
template <bool kSlope>
auto q_sum_split_kernel(VectorLevel level) {
  return pick_level(level, &q_sum_split_avx512_t<kSlope>, &q_sum_split_avx2_t<kSlope>,
                    &q_sum_split_scalar_t<kSlope>);
}

}  // namespace

double q_sum_split_scalar(const QSumSplitInput& in) {
  return q_sum_split_scalar_t<false>(in, nullptr);
}

double q_sum_split_at(VectorLevel level, const QSumSplitInput& in) {
  return q_sum_split_kernel<false>(level)(in, nullptr);
}

double q_sum_split(const QSumSplitInput& in) {
  static const auto best = q_sum_split_kernel<false>(cpu_vector_level());
  return best(in, nullptr);
}

QSum q_sum_split_slope_scalar(const QSumSplitInput& in) {
  QSum r;
  r.sum = q_sum_split_scalar_t<true>(in, &r.slope);
  return r;
}

QSum q_sum_split_slope_at(VectorLevel level, const QSumSplitInput& in) {
  QSum r;
  r.sum = q_sum_split_kernel<true>(level)(in, &r.slope);
  return r;
}

QSum q_sum_split_slope(const QSumSplitInput& in) {
  static const auto best = q_sum_split_kernel<true>(cpu_vector_level());
  QSum r;
  r.sum = best(in, &r.slope);
  return r;
}

}  // namespace mosaic::phy::kernels

#include "mosaic/phy/q_sum_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mosaic/core/math/binary_log.hpp"
#include "mosaic/phy/lazy_inverse_sigmas.hpp"
#include "mosaic/phy/q_table_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

using namespace q_table;

// The largest z a term is computed at: `reach` (the table's, or where exp underflows), or below it
// where Q falls under 2^-60 of a lower bound on the sum: the term of the highest bin with
// probability in the 0 tail or of the lowest in the 1 tail, whichever is larger (the smallest z of
// either tail, z falling with the amplitude in the one and rising in the other; any bin's term
// would bound the sum). The bound is taken low: p by its binary exponent, ln Q by the table's
// chord. With Q(z) <= e^(-z^2/2) / 2 beyond the cutoff, and the scale
// on both sides, the cutoff is where that reaches 2^-60 of the bound.
// The bins with probability, first to last (an empty range where none has).
struct LiveBins {
  int first = 0;
  int last = -1;
};

LiveBins live_bins(const QSumInput& in) {
  if (in.last_live >= 0) return {in.first_live, in.last_live};
  LiveBins live{0, in.bins - 1};
  while (live.last >= 0 && in.p[live.last] == 0.0) --live.last;
  if (live.last < 0) return live;
  while (in.p[live.first] == 0.0) ++live.first;
  return live;
}

// ln of a lower bound on the sum (unscaled): the larger of the two extreme bins' terms, p by its
// binary exponent and ln Q by the table's chord (both low); -inf where neither bounds it.
double ln_lower_bound(const QSumInput& in, const LiveBins& live, const double* table) {
  const int top = live.last;
  if (top < 0) return -std::numeric_limits<double>::infinity();
  const int bottom = live.first;
  auto ln_term = [&](int i, double z) {
    if (z >= kTableZ) return -std::numeric_limits<double>::infinity();
    const double ln_q = z > 0.0 ? table_ln_q(z, table) : -kLn2;  // Q >= 1/2 below z = 0
    return ln_range_from_exponent(in.p[i]).lo + ln_q;
  };
  const double x_top = in.lo + top * in.step;
  const double x_bottom = in.lo + bottom * in.step;
  return std::max(ln_term(top, (in.threshold - x_top) * in.inv_sigma0[top]),
                  ln_term(bottom, (x_bottom + in.cursor - in.threshold) * in.inv_sigma1[bottom]));
}

double z_cutoff(const QSumInput& in, const LiveBins& live, const double* table, double reach) {
  const double ln_bound = ln_lower_bound(in, live, table);
  if (!(ln_bound > -std::numeric_limits<double>::infinity())) return reach;
  return std::min(reach, std::sqrt(-2.0 * (ln_bound - 59.0 * kLn2)));
}

// What a sum computes besides itself: nothing, its slope, or its two tails apart.
enum class Extra { kNone, kSlope, kTails };

template <Extra kExtra>
double q_sum_scalar_t(const QSumInput& in, double* extra) {
  constexpr bool kSlope = kExtra == Extra::kSlope;
  const double* table = log_q_table().data();
  const double e_scale = scale_factor(in.log_scale);
  const LiveBins live = live_bins(in);
  if (in.lazy) in.lazy->compute_bins(live.first, live.last);
  const double max_z = z_cutoff(in, live, table, in.log_scale == 0.0 ? kMaxZ : kTableZ);
  auto q = [&](double z, double* dq) {
    return q_below_scalar<kSlope>(z, max_z, table, in.log_scale, e_scale, dq);
  };
  double s[8] = {};
  double g[8] = {};
  double h[8] = {};
  for (int i = live.first; i <= live.last; ++i) {
    const double p = in.p[i];
    if (p == 0.0) continue;  // adds exactly +0 in the vector kernel
    const double x0 = in.lo + i * in.step;
    double dq1 = 0.0, dq0 = 0.0;
    const double q1 = q((x0 + in.cursor - in.threshold) * in.inv_sigma1[i], &dq1);
    const double q0 = q((in.threshold - x0) * in.inv_sigma0[i], &dq0);
    s[i & 7] += p * (q1 + q0);
    if constexpr (kSlope) g[i & 7] += p * (in.inv_sigma0[i] * dq0 - in.inv_sigma1[i] * dq1);
    if constexpr (kExtra == Extra::kTails) {
      g[i & 7] += p * q1;
      h[i & 7] += p * q0;
    }
  }
  if constexpr (kExtra != Extra::kNone) extra[0] = combine(g);
  if constexpr (kExtra == Extra::kTails) extra[1] = combine(h);
  return combine(s);
}

// q_sum_avx512's groups of 8 bins as two halves of four, each half its own partial sums (the
// same lanes as the scalar reference's), a half skipped where all its terms are exactly 0.
template <Extra kExtra>
MOSAIC_AVX2 double q_sum_avx2_t(const QSumInput& in, double* extra) {
  constexpr bool kSlope = kExtra == Extra::kSlope;
  const double* table = log_q_table().data();
  const __m256d zero = _mm256_setzero_pd();
  const __m256d iota = _mm256_set_pd(3, 2, 1, 0);
  const __m256d lo = _mm256_set1_pd(in.lo);
  const __m256d step = _mm256_set1_pd(in.step);
  const __m256d cursor = _mm256_set1_pd(in.cursor);
  const __m256d d = _mm256_set1_pd(in.threshold);
  const __m256d scale = _mm256_set1_pd(in.log_scale);
  const __m256d e_scale = _mm256_set1_pd(scale_factor(in.log_scale));
  const LiveBins live = live_bins(in);
  if (in.lazy) in.lazy->compute_bins(live.first, live.last);
  const __m256d max_z =
      _mm256_set1_pd(z_cutoff(in, live, table, in.log_scale == 0.0 ? kMaxZ : kTableZ));
  __m256d sum[2] = {zero, zero};
  __m256d grad[2] = {zero, zero};
  __m256d tail0[2] = {zero, zero};
  // Groups outside the live bins add exactly +0: skipped, in the same lanes.
  for (int i = live.first & ~7; i <= live.last; i += 4) {
    const __m256d p = _mm256_loadu_pd(in.p + i);
    const __m256d has_p = _mm256_cmp_pd(p, zero, _CMP_NEQ_UQ);
    if (_mm256_movemask_pd(has_p) == 0) continue;
    const __m256d idx = _mm256_add_pd(_mm256_set1_pd(static_cast<double>(i)), iota);
    const __m256d x0 = _mm256_add_pd(lo, _mm256_mul_pd(idx, step));
    const __m256d inv1 = _mm256_loadu_pd(in.inv_sigma1 + i);
    const __m256d inv0 = _mm256_loadu_pd(in.inv_sigma0 + i);
    const __m256d z1 = _mm256_mul_pd(_mm256_sub_pd(_mm256_add_pd(x0, cursor), d), inv1);
    const __m256d z0 = _mm256_mul_pd(_mm256_sub_pd(d, x0), inv0);
    const __m256d within1 = _mm256_cmp_pd(z1, max_z, _CMP_LT_OQ);
    const __m256d within0 = _mm256_cmp_pd(z0, max_z, _CMP_LT_OQ);
    if (_mm256_movemask_pd(_mm256_or_pd(within1, within0)) == 0) continue;
    __m256d dq1, dq0;
    const __m256d q1 = q_or_zero_avx2<kSlope>(z1, within1, table, scale, e_scale, &dq1);
    const __m256d q0 = q_or_zero_avx2<kSlope>(z0, within0, table, scale, e_scale, &dq0);
    const __m256d term = _mm256_mul_pd(p, _mm256_add_pd(q1, q0));
    __m256d& s = sum[(i >> 2) & 1];
    s = _mm256_blendv_pd(s, _mm256_add_pd(s, term), has_p);
    if constexpr (kExtra != Extra::kNone) {
      const __m256d dterm =
          kSlope
              ? _mm256_mul_pd(p, _mm256_sub_pd(_mm256_mul_pd(inv0, dq0), _mm256_mul_pd(inv1, dq1)))
              : _mm256_mul_pd(p, q1);
      __m256d& g = grad[(i >> 2) & 1];
      g = _mm256_blendv_pd(g, _mm256_add_pd(g, dterm), has_p);
    }
    if constexpr (kExtra == Extra::kTails) {
      __m256d& h = tail0[(i >> 2) & 1];
      h = _mm256_blendv_pd(h, _mm256_add_pd(h, _mm256_mul_pd(p, q0)), has_p);
    }
  }
  if constexpr (kExtra != Extra::kNone) extra[0] = combine_avx2(grad[0], grad[1]);
  if constexpr (kExtra == Extra::kTails) extra[1] = combine_avx2(tail0[0], tail0[1]);
  return combine_avx2(sum[0], sum[1]);
}

// One group's term, p (Q(z1) + Q(z0)), and its slope, as a call of its own (see q_plain_avx512:
// inlined into the loop, the same operations ran 1.2 times slower: 1150 against 950 ns a 256-bin
// sum).
MOSAIC_AVX512F __attribute__((noinline)) __m512d group_slope_avx512(
    __m512d z1, __m512d z0, __mmask8 within1, __mmask8 within0, __m512d p, __m512d inv1,
    __m512d inv0, const double* table, __m512d scale, __m512d e_scale, __m512d* dterm) {
  __m512d dq1, dq0;
  const __m512d q1 = q_or_zero_avx512<true>(z1, within1, table, scale, e_scale, &dq1);
  const __m512d q0 = q_or_zero_avx512<true>(z0, within0, table, scale, e_scale, &dq0);
  *dterm = _mm512_mul_pd(p, _mm512_sub_pd(_mm512_mul_pd(inv0, dq0), _mm512_mul_pd(inv1, dq1)));
  return _mm512_mul_pd(p, _mm512_add_pd(q1, q0));
}

template <Extra kExtra>
MOSAIC_AVX512F double q_sum_avx512_t(const QSumInput& in, double* extra) {
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
  const LiveBins live = live_bins(in);
  const __m512d max_z =
      _mm512_set1_pd(z_cutoff(in, live, table, in.log_scale == 0.0 ? kMaxZ : kTableZ));
  const __m512d least1 = _mm512_set1_pd(in.lazy ? in.lazy->least_inv_sigma1 : 0.0);
  const __m512d least0 = _mm512_set1_pd(in.lazy ? in.lazy->least_inv_sigma0 : 0.0);
  __m512d sum = _mm512_setzero_pd();
  __m512d grad = _mm512_setzero_pd();
  __m512d tail0 = _mm512_setzero_pd();
  for (int i = live.first & ~7; i <= live.last; i += 8) {
    const __m512d p = _mm512_loadu_pd(in.p + i);
    // p = 0 lanes may hold 0 * inf = NaN in principle; they add exactly +0 instead.
    const __mmask8 live = _mm512_cmp_pd_mask(p, _mm512_setzero_pd(), _CMP_NEQ_UQ);
    if (live == 0) continue;
    const __m512d idx = _mm512_add_pd(_mm512_set1_pd(static_cast<double>(i)), iota);
    const __m512d x0 = _mm512_add_pd(lo, _mm512_mul_pd(idx, step));
    if (in.lazy && in.lazy->needs(i >> 3)) {
      // A group not computed yet: its distances times the least 1/sigma are at most the lanes'
      // z (rounding is monotonic; a negative distance stays <= 0, within the cutoff). Where
      // every live lane lies beyond the cutoff even so, the group would add exactly +0 (no
      // partial sum is ever -0): skipped, its square roots never taken.
      const __m512d low1 = _mm512_mul_pd(_mm512_sub_pd(_mm512_add_pd(x0, cursor), d), least1);
      const __m512d low0 = _mm512_mul_pd(_mm512_sub_pd(d, x0), least0);
      if (((_mm512_cmp_pd_mask(low1, max_z, _CMP_LT_OQ) |
            _mm512_cmp_pd_mask(low0, max_z, _CMP_LT_OQ)) &
           live) == 0)
        continue;
      in.lazy->compute(i >> 3);
    }
    const __m512d inv1 = _mm512_loadu_pd(in.inv_sigma1 + i);
    const __m512d inv0 = _mm512_loadu_pd(in.inv_sigma0 + i);
    const __m512d z1 = _mm512_mul_pd(_mm512_sub_pd(_mm512_add_pd(x0, cursor), d), inv1);
    const __m512d z0 = _mm512_mul_pd(_mm512_sub_pd(d, x0), inv0);
    const __mmask8 within1 = _mm512_cmp_pd_mask(z1, max_z, _CMP_LT_OQ);
    const __mmask8 within0 = _mm512_cmp_pd_mask(z0, max_z, _CMP_LT_OQ);
    if ((within1 | within0) == 0) continue;
    if constexpr (kExtra == Extra::kSlope) {
      __m512d dterm;
      const __m512d term = group_slope_avx512(z1, z0, within1, within0, p, inv1, inv0, table, scale,
                                              e_scale, &dterm);
      sum = _mm512_mask_add_pd(sum, live, sum, term);
      grad = _mm512_mask_add_pd(grad, live, grad, dterm);
    } else {
      const __m512d q1 = q_or_zero_avx512<false>(z1, within1, table, scale, e_scale, nullptr);
      const __m512d q0 = q_or_zero_avx512<false>(z0, within0, table, scale, e_scale, nullptr);
      sum = _mm512_mask_add_pd(sum, live, sum, _mm512_mul_pd(p, _mm512_add_pd(q1, q0)));
      if constexpr (kExtra == Extra::kTails) {
        grad = _mm512_mask_add_pd(grad, live, grad, _mm512_mul_pd(p, q1));
        tail0 = _mm512_mask_add_pd(tail0, live, tail0, _mm512_mul_pd(p, q0));
      }
    }
  }
  if constexpr (kExtra == Extra::kTails) extra[1] = finish_avx512<false>(tail0, tail0, nullptr);
  return finish_avx512<kExtra != Extra::kNone>(sum, grad, extra);
}

}  // namespace

namespace {

// Each level's kernel, with what it computes besides the sum.
template <Extra kExtra>
auto q_sum_kernel(VectorLevel level) {
  return pick_level(level, &q_sum_avx512_t<kExtra>, &q_sum_avx2_t<kExtra>, &q_sum_scalar_t<kExtra>);
}

QSum with_slope(double (*kernel)(const QSumInput&, double*), const QSumInput& in) {
  QSum r;
  r.sum = kernel(in, &r.slope);
  return r;
}

QSumTails with_tails(double (*kernel)(const QSumInput&, double*), const QSumInput& in) {
  double tails[2];
  QSumTails r;
  r.sum = kernel(in, tails);
  r.tail1 = tails[0];
  r.tail0 = tails[1];
  return r;
}

}  // namespace

double q_sum_log_lower_bound(const QSumInput& in) {
  return ln_lower_bound(in, live_bins(in), log_q_table().data());
}

double table_q(double z) {
  return q_scaled_scalar<false>(z, log_q_table().data(), 0.0, 1.0, nullptr);
}

double q_sum_scalar(const QSumInput& in) {
  return q_sum_scalar_t<Extra::kNone>(in, nullptr);
}

double q_sum_at(VectorLevel level, const QSumInput& in) {
  return q_sum_kernel<Extra::kNone>(level)(in, nullptr);
}

double q_sum(const QSumInput& in) {
  static const auto best = q_sum_kernel<Extra::kNone>(cpu_vector_level());
  return best(in, nullptr);
}

QSum q_sum_slope_scalar(const QSumInput& in) {
  return with_slope(&q_sum_scalar_t<Extra::kSlope>, in);
}

QSum q_sum_slope_at(VectorLevel level, const QSumInput& in) {
  return with_slope(q_sum_kernel<Extra::kSlope>(level), in);
}

QSum q_sum_slope(const QSumInput& in) {
  static const auto best = q_sum_kernel<Extra::kSlope>(cpu_vector_level());
  return with_slope(best, in);
}

QSumTails q_sum_tails_at(VectorLevel level, const QSumInput& in) {
  return with_tails(q_sum_kernel<Extra::kTails>(level), in);
}

QSumTails q_sum_tails(const QSumInput& in) {
  static const auto best = q_sum_kernel<Extra::kTails>(cpu_vector_level());
  return with_tails(best, in);
}

}  // namespace mosaic::phy::kernels

#include "mosaic/phy/sum_exp_kernels.hpp"

#include <algorithm>

#include "mosaic/phy/exp_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

// A group of 8 terms (x[8g] .. x[8g + 7], the last group what is left) all this far below the
// shift adds nothing a sum of the jitter average can hold (each term under e^-60 of its largest,
// 1e-26): skipped, at every level alike. Four in ten of a sweep's groups are such far tails.
constexpr double kNegligible = -60.0;

// Whether any of x[from, to) minus `shift` reaches kNegligible (the scalar reference's test).
bool any_reaches(const double* x, int from, int to, double shift) {
  for (int i = from; i < to; ++i)
    if (x[i] - shift >= kNegligible) return true;
  return false;
}

// The weight of term i: 1 for the plain sum.
template <bool kWeighted>
double weight_of(const double* w, int i) {
  if constexpr (kWeighted)
    return w[i];
  else
    return 1.0;
}

// The terms of x[from, to), each in its lane (i & 7), where the group reaches kNegligible.
template <bool kWeighted>
void add_group_scalar(const double* x, const double* w, int from, int to, double shift, double* s) {
  if (!any_reaches(x, from, to, shift)) return;
  for (int i = from; i < to; ++i) {
    const double e = exp_scalar(x[i] - shift);
    s[i & 7] += kWeighted ? e * weight_of<kWeighted>(w, i) : e;
  }
}

template <bool kWeighted>
MOSAIC_AVX2 double sum_exp_avx2_t(const double* x, const double* w, int n, double shift) {
  const __m256d by = _mm256_set1_pd(shift);
  __m256d lo = _mm256_setzero_pd(), hi = lo;
  int i = 0;
  const __m256d negligible = _mm256_set1_pd(kNegligible);
  for (; i + 8 <= n; i += 8) {
    const __m256d x_lo = _mm256_sub_pd(_mm256_loadu_pd(x + i), by);
    const __m256d x_hi = _mm256_sub_pd(_mm256_loadu_pd(x + i + 4), by);
    if (_mm256_movemask_pd(_mm256_or_pd(_mm256_cmp_pd(x_lo, negligible, _CMP_GE_OQ),
                                        _mm256_cmp_pd(x_hi, negligible, _CMP_GE_OQ))) == 0)
      continue;
    __m256d e_lo = exp_avx2(x_lo);
    __m256d e_hi = exp_avx2(x_hi);
    if constexpr (kWeighted) {
      e_lo = _mm256_mul_pd(e_lo, _mm256_loadu_pd(w + i));
      e_hi = _mm256_mul_pd(e_hi, _mm256_loadu_pd(w + i + 4));
    }
    lo = _mm256_add_pd(lo, e_lo);
    hi = _mm256_add_pd(hi, e_hi);
  }
  alignas(32) double s[8];
  _mm256_store_pd(s, lo);
  _mm256_store_pd(s + 4, hi);
  add_group_scalar<kWeighted>(x, w, i, n, shift, s);
  return combine(s);
}

template <bool kWeighted>
double sum_exp_scalar_t(const double* x, const double* w, int n, double shift) {
  double s[8] = {};
  for (int i = 0; i < n; i += 8) add_group_scalar<kWeighted>(x, w, i, std::min(n, i + 8), shift, s);
  return combine(s);
}

template <bool kWeighted>
MOSAIC_AVX512F double sum_exp_avx512_t(const double* x, const double* w, int n, double shift) {
  const __m512d by = _mm512_set1_pd(shift);
  __m512d sum = _mm512_setzero_pd();
  int i = 0;
  const __m512d negligible = _mm512_set1_pd(kNegligible);
  for (; i + 8 <= n; i += 8) {
    const __m512d shifted = _mm512_sub_pd(_mm512_loadu_pd(x + i), by);
    if (_mm512_cmp_pd_mask(shifted, negligible, _CMP_GE_OQ) == 0) continue;
    __m512d e = exp_avx512(shifted);
    if constexpr (kWeighted) e = _mm512_mul_pd(e, _mm512_loadu_pd(w + i));
    sum = _mm512_add_pd(sum, e);
  }
  alignas(64) double s[8];
  _mm512_store_pd(s, sum);
  // The tail in the lanes the scalar reference gives it.
  add_group_scalar<kWeighted>(x, w, i, n, shift, s);
  return combine(s);
}

MOSAIC_AVX2 double sum_exp_avx2(const double* x, int n, double shift) {
  return sum_exp_avx2_t<false>(x, nullptr, n, shift);
}
MOSAIC_AVX512F double sum_exp_avx512(const double* x, int n, double shift) {
  return sum_exp_avx512_t<false>(x, nullptr, n, shift);
}
double sum_exp_plain_scalar(const double* x, int n, double shift) {
  return sum_exp_scalar_t<false>(x, nullptr, n, shift);
}
MOSAIC_AVX2 double weighted_avx2(const double* x, const double* w, int n, double shift) {
  return sum_exp_avx2_t<true>(x, w, n, shift);
}
MOSAIC_AVX512F double weighted_avx512(const double* x, const double* w, int n, double shift) {
  return sum_exp_avx512_t<true>(x, w, n, shift);
}

}  // namespace

double sum_exp_scalar(const double* x, int n, double shift) {
  return sum_exp_plain_scalar(x, n, shift);
}

double sum_exp_weighted_scalar(const double* x, const double* w, int n, double shift) {
  return sum_exp_scalar_t<true>(x, w, n, shift);
}

double sum_exp_weighted_at(VectorLevel level, const double* x, const double* w, int n,
                           double shift) {
  return pick_level(level, &weighted_avx512, &weighted_avx2, &sum_exp_weighted_scalar)(x, w, n,
                                                                                       shift);
}

double sum_exp_weighted(const double* x, const double* w, int n, double shift) {
  static const auto best =
      pick_level(cpu_vector_level(), &weighted_avx512, &weighted_avx2, &sum_exp_weighted_scalar);
  return best(x, w, n, shift);
}

double sum_exp_at(VectorLevel level, const double* x, int n, double shift) {
  return pick_level(level, &sum_exp_avx512, &sum_exp_avx2, &sum_exp_plain_scalar)(x, n, shift);
}

double sum_exp(const double* x, int n, double shift) {
  static const auto best =
      pick_level(cpu_vector_level(), &sum_exp_avx512, &sum_exp_avx2, &sum_exp_plain_scalar);
  return best(x, n, shift);
}

}  // namespace mosaic::phy::kernels

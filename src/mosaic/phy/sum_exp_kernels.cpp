#include "mosaic/phy/sum_exp_kernels.hpp"

#include "mosaic/phy/exp_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

MOSAIC_AVX2 double sum_exp_avx2(const double* x, int n, double shift) {
  const __m256d by = _mm256_set1_pd(shift);
  __m256d lo = _mm256_setzero_pd(), hi = lo;
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    lo = _mm256_add_pd(lo, exp_avx2(_mm256_sub_pd(_mm256_loadu_pd(x + i), by)));
    hi = _mm256_add_pd(hi, exp_avx2(_mm256_sub_pd(_mm256_loadu_pd(x + i + 4), by)));
  }
  alignas(32) double s[8];
  _mm256_store_pd(s, lo);
  _mm256_store_pd(s + 4, hi);
  for (; i < n; ++i) s[i & 7] += exp_scalar(x[i] - shift);
  return combine(s);
}

}  // namespace

double sum_exp_scalar(const double* x, int n, double shift) {
  double s[8] = {};
  for (int i = 0; i < n; ++i) s[i & 7] += exp_scalar(x[i] - shift);
  return combine(s);
}

namespace {

MOSAIC_AVX512F double sum_exp_avx512(const double* x, int n, double shift) {
  const __m512d by = _mm512_set1_pd(shift);
  __m512d sum = _mm512_setzero_pd();
  int i = 0;
  for (; i + 8 <= n; i += 8)
    sum = _mm512_add_pd(sum, exp_avx512(_mm512_sub_pd(_mm512_loadu_pd(x + i), by)));
  alignas(64) double s[8];
  _mm512_store_pd(s, sum);
  // The tail in the lanes the scalar reference gives it.
  for (; i < n; ++i) s[i & 7] += exp_scalar(x[i] - shift);
  return combine(s);
}

}  // namespace

double sum_exp_at(VectorLevel level, const double* x, int n, double shift) {
  return pick_level(level, &sum_exp_avx512, &sum_exp_avx2, &sum_exp_scalar)(x, n, shift);
}

double sum_exp(const double* x, int n, double shift) {
  static const auto best =
      pick_level(cpu_vector_level(), &sum_exp_avx512, &sum_exp_avx2, &sum_exp_scalar);
  return best(x, n, shift);
}

}  // namespace mosaic::phy::kernels

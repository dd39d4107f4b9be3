#include "mosaic/phy/stat_eye_jitter.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#if MOSAIC_LEVEL_PATHS
// GCC 12's AVX-512 intrinsics start their results from _mm512_undefined_*(), which
// -W(maybe-)uninitialized reports as a use of an uninitialized value (a false positive).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#endif

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/sum_exp_kernels.hpp"

namespace mosaic::phy {
namespace {

constexpr double kNoBer = -std::numeric_limits<double>::infinity();
// Jitter grid: deep in the tail the BER changes by orders of magnitude within a sample.
constexpr double kJitterStepsPerSample = 32.0;
// ln of the share of the average below which a cell's slope is not weighed in.
constexpr double kNegligibleShare = 40.0;

// Each run's largest cell share, from its cells (run_end set).
void add_run_tops(JitterGrid& g) {
  g.run_top_log_w.clear();
  for (int t0 = 0; const int t1 : g.run_end) {
    g.run_top_log_w.push_back(*std::max_element(g.log_w.begin() + t0, g.log_w.begin() + t1));
    t0 = t1;
  }
}

}  // namespace

// The jitter grid for an rms of `jitter_samples`. Jitter is continuous but the phases are whole
// samples: the Gaussian is integrated on a grid of 1/32 of a sample over +-12 sigma (the weight
// left outside, 4e-33, is below anything a BER tail can hold against it), with ln BER
// interpolated between the neighbouring sample phases (with_jitter). A narrower cut would
// renormalise away exactly the rare large excursions that set the BER far below 1e-20; weights on
// whole samples alone would understate the jitter's variance when it is below a sample. Each grid
// point carries the Gaussian's probability over its own cell (the cell masses are exact
// differences of the normal CDF, so they sum to 1 - 2 Q(12)). Every channel of a link has the same
// jitter, so each thread keeps the last grid it built.
std::shared_ptr<const JitterGrid> jitter_grid(double jitter_samples) {
  thread_local double built_for = -1.0;
  thread_local std::shared_ptr<const JitterGrid> last;
  if (built_for == jitter_samples) return last;
  auto grid = std::make_shared<JitterGrid>();
  const double reach = kJitterReachSigma * jitter_samples;
  const int steps = std::max(32, static_cast<int>(std::ceil(reach * kJitterStepsPerSample)));
  const double h = reach / steps;
  for (int j = -steps; j <= steps; ++j) {
    const double tau = reach * j / steps;
    const double m = std::floor(tau);
    const double a = (tau - 0.5 * h) / jitter_samples;
    const double b = (tau + 0.5 * h) / jitter_samples;
    // Mass of [a, b] from the side where both tails are small, kept in the log domain.
    const double log_mass = a >= 0.0   ? log_q(a) + std::log1p(-std::exp(log_q(b) - log_q(a)))
                            : b <= 0.0 ? log_q(-b) + std::log1p(-std::exp(log_q(-a) - log_q(-b)))
                                       : std::log1p(-std::exp(log_q(-a)) - std::exp(log_q(b)));
    grid->m.push_back(static_cast<int>(m));
    grid->frac.push_back(tau - m);
    grid->log_w.push_back(log_mass);
    if (j == 0) grid->log_w_on_phase = log_mass;
  }
  for (int t = 1; t <= grid->size(); ++t)
    if (t == grid->size() || grid->m[t] != grid->m[t - 1]) grid->run_end.push_back(t);
  add_run_tops(*grid);
  built_for = jitter_samples;
  last = std::move(grid);
  return last;
}

JitterGrid jitter_grid_within(const JitterGrid& grid, int first, int last) {
  JitterGrid out;
  out.log_w_on_phase = grid.log_w_on_phase;
  for (int t = 0; t < grid.size(); ++t) {
    if (grid.m[t] - 1 < first || grid.m[t] + 2 > last) continue;
    if (!out.m.empty() && out.m.back() != grid.m[t])
      out.run_end.push_back(static_cast<int>(out.m.size()));
    out.m.push_back(grid.m[t]);
    out.frac.push_back(grid.frac[t]);
    out.log_w.push_back(grid.log_w[t]);
  }
  if (!out.m.empty()) out.run_end.push_back(static_cast<int>(out.m.size()));
  add_run_tops(out);
  return out;
}

std::shared_ptr<const JitterGrid> jitter_grid_within(const std::shared_ptr<const JitterGrid>& grid,
                                                     int first, int last) {
  struct Kept {
    std::shared_ptr<const JitterGrid> of;  // held, so that its address is not another grid's
    int first, last;
    std::shared_ptr<const JitterGrid> within;
  };
  thread_local std::vector<Kept> kept;
  for (const Kept& k : kept)
    if (k.of == grid && k.first == first && k.last == last) return k.within;
  if (!kept.empty() && kept.front().of != grid) kept.clear();
  auto within = std::make_shared<const JitterGrid>(jitter_grid_within(*grid, first, last));
  kept.push_back({grid, first, last, within});
  return within;
}

namespace {

// ln BER0 at one cell of the grid: the cubic through the four samples around it, kept from rising
// above the inner two (the scalar reference of the vector kernels below, term for term).
double cell_value(const JitterGrid& g, int t, const double* y_at) {
  const int m = g.m[t];
  const double y1 = y_at[m];
  if (g.frac[t] == 0.0) return y1;
  const double y0 = y_at[m - 1], y2 = y_at[m + 1], y3 = y_at[m + 2];
  const double f = g.frac[t];
  double y = y1 + 0.5 * f *
                      (y2 - y0 +
                       f * (2.0 * y0 - 5.0 * y1 + 4.0 * y2 - y3 + f * (3.0 * (y1 - y2) + y3 - y0)));
  if (!std::isfinite(y)) y = (1.0 - f) * y1 + f * y2;
  return std::min(y, std::max(y1, y2));
}

// The largest term, then ln of the sum of the exponentials: the same for every level, since the
// terms are the same bits and a maximum does not depend on the order it is taken in.
double log_sum(double top, std::vector<double>& terms, int n) {
  if (top == kNoBer) return kNoBer;
  return top + std::log(kernels::sum_exp(terms.data(), n, top));
}

// The cells of one whole-sample offset share their four samples, so the parts of the cubic that
// do not depend on the fraction are the same for all of them: cell_value's operations, grouped
// (products and sums in the same order, the same bits).
struct RunCubic {
  double y1, y2, c3, a, b, hi;
  RunCubic(const double* y_at, int m) {
    const double y0 = y_at[m - 1], y3 = y_at[m + 2];
    y1 = y_at[m];
    y2 = y_at[m + 1];
    c3 = 3.0 * (y1 - y2) + y3 - y0;
    a = 2.0 * y0 - 5.0 * y1 + 4.0 * y2 - y3;
    b = y2 - y0;
    hi = std::max(y1, y2);
  }
};

#if MOSAIC_LEVEL_PATHS
// Eight cells of one offset at once, the run's tail masked: cell_value's products and sums in
// its order (this file has no fused multiply-adds), the fallback and the clamp as masks. x86's
// max(a, b) is a > b ? a : b and min(a, b) a < b ? a : b, which give std::max(b, a) and
// std::min(b, a) exactly, NaNs included.
MOSAIC_TARGET_AVX512 double jitter_average_avx512(const JitterGrid& g, const double* y_at,
                                                  std::vector<double>& terms) {
  const int n = g.size();
  // Locals, not the vectors: a store to `terms` might otherwise be taken to move their data.
  const int* cell_m = g.m.data();
  const double* frac = g.frac.data();
  const double* log_w = g.log_w.data();
  double* out = terms.data();
  const __m512d inf = _mm512_set1_pd(std::numeric_limits<double>::infinity());
  __m512d top = _mm512_set1_pd(kNoBer);
  for (int t0 = 0; const int t1 : g.run_end) {
    const RunCubic r(y_at, cell_m[t0]);
    if (r.hi == kNoBer) {  // both inner samples without BER: every cell's value is -inf
      std::fill(out + t0, out + t1, kNoBer);
      t0 = t1;
      continue;
    }
    const __m512d y1 = _mm512_set1_pd(r.y1), y2 = _mm512_set1_pd(r.y2);
    const __m512d c3 = _mm512_set1_pd(r.c3), a = _mm512_set1_pd(r.a), b = _mm512_set1_pd(r.b);
    const __m512d hi = _mm512_set1_pd(r.hi);
    for (int t = t0; t < t1; t += 8) {
      const __mmask8 in_run = t1 - t >= 8 ? 0xFF : static_cast<__mmask8>((1u << (t1 - t)) - 1);
      const __m512d f = _mm512_maskz_loadu_pd(in_run, frac + t);
      const __m512d c2 = _mm512_add_pd(a, _mm512_mul_pd(f, c3));
      const __m512d c1 = _mm512_add_pd(b, _mm512_mul_pd(f, c2));
      __m512d y = _mm512_add_pd(y1, _mm512_mul_pd(_mm512_mul_pd(_mm512_set1_pd(0.5), f), c1));
      const __mmask8 finite = _mm512_cmp_pd_mask(_mm512_abs_pd(y), inf, _CMP_LT_OQ);
      if ((finite & in_run) != in_run) {
        const __m512d linear = _mm512_add_pd(
            _mm512_mul_pd(_mm512_sub_pd(_mm512_set1_pd(1.0), f), y1), _mm512_mul_pd(f, y2));
        y = _mm512_mask_blend_pd(finite, linear, y);
      }
      y = _mm512_min_pd(hi, y);
      const __mmask8 on_sample = _mm512_cmp_pd_mask(f, _mm512_setzero_pd(), _CMP_EQ_OQ);
      y = _mm512_mask_blend_pd(on_sample, y, y1);
      const __m512d term = _mm512_add_pd(_mm512_maskz_loadu_pd(in_run, log_w + t), y);
      _mm512_mask_storeu_pd(out + t, in_run, term);
      top = _mm512_mask_max_pd(top, in_run, term, top);
    }
    t0 = t1;
  }
  return log_sum(_mm512_reduce_max_pd(top), terms, n);
}

// jitter_average_avx512 four cells at a time, each run's last few cells by cell_value.
MOSAIC_TARGET_AVX2 double jitter_average_avx2(const JitterGrid& g, const double* y_at,
                                              std::vector<double>& terms) {
  const int n = g.size();
  const int* cell_m = g.m.data();
  const double* frac = g.frac.data();
  const double* log_w = g.log_w.data();
  double* out = terms.data();
  const __m256d inf = _mm256_set1_pd(std::numeric_limits<double>::infinity());
  const __m256d sign = _mm256_set1_pd(-0.0);
  __m256d top = _mm256_set1_pd(kNoBer);
  double best = kNoBer;
  for (int t0 = 0; const int t1 : g.run_end) {
    const RunCubic r(y_at, cell_m[t0]);
    if (r.hi == kNoBer) {  // as jitter_average_avx512
      std::fill(out + t0, out + t1, kNoBer);
      t0 = t1;
      continue;
    }
    const __m256d y1 = _mm256_set1_pd(r.y1), y2 = _mm256_set1_pd(r.y2);
    const __m256d c3 = _mm256_set1_pd(r.c3), a = _mm256_set1_pd(r.a), b = _mm256_set1_pd(r.b);
    const __m256d hi = _mm256_set1_pd(r.hi);
    int t = t0;
    for (; t + 4 <= t1; t += 4) {
      const __m256d f = _mm256_loadu_pd(frac + t);
      const __m256d c2 = _mm256_add_pd(a, _mm256_mul_pd(f, c3));
      const __m256d c1 = _mm256_add_pd(b, _mm256_mul_pd(f, c2));
      __m256d y = _mm256_add_pd(y1, _mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(0.5), f), c1));
      const __m256d finite = _mm256_cmp_pd(_mm256_andnot_pd(sign, y), inf, _CMP_LT_OQ);
      if (_mm256_movemask_pd(finite) != 0xF) {
        const __m256d linear = _mm256_add_pd(
            _mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(1.0), f), y1), _mm256_mul_pd(f, y2));
        y = _mm256_blendv_pd(linear, y, finite);
      }
      y = _mm256_min_pd(hi, y);
      const __m256d on_sample = _mm256_cmp_pd(f, _mm256_setzero_pd(), _CMP_EQ_OQ);
      y = _mm256_blendv_pd(y, y1, on_sample);
      const __m256d term = _mm256_add_pd(_mm256_loadu_pd(log_w + t), y);
      _mm256_storeu_pd(out + t, term);
      top = _mm256_max_pd(term, top);
    }
    for (; t < t1; ++t) {
      out[t] = log_w[t] + cell_value(g, t, y_at);
      best = std::max(best, out[t]);
    }
    t0 = t1;
  }
  alignas(32) double lanes[4];
  _mm256_store_pd(lanes, top);
  for (double v : lanes) best = std::max(best, v);
  return log_sum(best, terms, n);
}
#else
double jitter_average_avx512(const JitterGrid& g, const double* y_at, std::vector<double>& terms) {
  return jitter_average_scalar(g, y_at, terms);
}
double jitter_average_avx2(const JitterGrid& g, const double* y_at, std::vector<double>& terms) {
  return jitter_average_scalar(g, y_at, terms);
}
#endif

}  // namespace

// Between samples ln BER0 is a Catmull-Rom cubic through the four nearest: near the eye centre it
// is close to a parabola, which a straight line between samples overstates by a fraction of a
// decade deep in the tail. The cubic is kept from rising above its two inner samples, so a sharp
// eye edge cannot overshoot into a spurious error floor.
double jitter_average_scalar(const JitterGrid& g, const double* y_at, std::vector<double>& terms) {
  const int n = g.size();
  double top = kNoBer;
  for (int t = 0; t < n; ++t) {
    terms[t] = g.log_w[t] + cell_value(g, t, y_at);
    top = std::max(top, terms[t]);
  }
  return log_sum(top, terms, n);
}

namespace {

// cell_value's derivative in the threshold, from the samples' values y_at and their derivatives
// dy_at: the cubic is linear in the samples, the line in its fallback too, and the clamp's value
// is the larger inner sample's (its slope where it binds). An infinite slope (no BER) counts 0.
double finite_or_zero(double x) {
  return std::isfinite(x) ? x : 0.0;
}

double cell_slope(const JitterGrid& g, int t, const double* y_at, const double* dy_at) {
  const int m = g.m[t];
  const auto slope = [&](int k) { return std::isfinite(dy_at[k]) ? dy_at[k] : 0.0; };
  if (g.frac[t] == 0.0) return slope(m);
  const double y0 = y_at[m - 1], y1 = y_at[m], y2 = y_at[m + 1], y3 = y_at[m + 2];
  const double d0 = slope(m - 1), d1 = slope(m), d2 = slope(m + 1), d3 = slope(m + 2);
  const double f = g.frac[t];
  const auto cubic = [f](double v0, double v1, double v2, double v3) {
    return v1 + 0.5 * f *
                    (v2 - v0 +
                     f * (2.0 * v0 - 5.0 * v1 + 4.0 * v2 - v3 + f * (3.0 * (v1 - v2) + v3 - v0)));
  };
  double y = cubic(y0, y1, y2, y3);
  double dy = cubic(d0, d1, d2, d3);
  if (!std::isfinite(y)) {
    y = (1.0 - f) * y1 + f * y2;
    dy = (1.0 - f) * d1 + f * d2;
  }
  // The clamp binds (min(y, hi) is hi): the larger inner sample's slope; two equal ones are a
  // kink, taken halfway.
  if (std::max(y1, y2) < y) return y1 < y2 ? d2 : y2 < y1 ? d1 : 0.5 * (d1 + d2);
  return dy;
}

// One run's cell slopes where its four samples are finite: cell_slope's cubic, clamp and
// cut, without branches, so that each clone computes a vector of cells at once (element-wise,
// the same operations: the same bits at every width).
MOSAIC_TARGET_CLONES void run_slopes(const double* frac, const double* terms, int n, double cut,
                                     const RunCubic& y, const RunCubic& dy, double clamped,
                                     double* slopes) {
  const double y1 = y.y1, yb = y.b, ya = y.a, yc3 = y.c3, hi = y.hi;
  const double d1 = dy.y1, db = dy.b, da = dy.a, dc3 = dy.c3;
  for (int t = 0; t < n; ++t) {
    const double f = frac[t];
    const double v = y1 + 0.5 * f * (yb + f * (ya + f * yc3));
    const double cubic = d1 + 0.5 * f * (db + f * (da + f * dc3));
    const double slope = f == 0.0 ? d1 : hi < v ? clamped : cubic;
    slopes[t] = terms[t] > cut ? slope : 0.0;
  }
}

}  // namespace

JitterAverageSlope jitter_average_slope(const JitterGrid& g, const double* y_at,
                                        const double* dy_at, std::vector<double>& terms,
                                        std::vector<double>& slopes) {
  JitterAverageSlope r;
  r.value = jitter_average(g, y_at, terms);
  if (!std::isfinite(r.value)) return r;
  // The average left each cell's term (ln of its share times the total) in `terms`, at every
  // level alike. Cells below e^-40 of the total are left out: their slopes, however steep, move
  // the sum by less than its rounding; most of the grid's cells are such far tails.
  const double cut = r.value - kNegligibleShare;
  slopes.resize(terms.size());
  for (int t0 = 0; const int t1 : g.run_end) {
    const int m = g.m[t0];
    const RunCubic y(y_at, m);
    if (!std::isfinite(y.c3) || !std::isfinite(y.a) || !std::isfinite(y.b)) {
      // A phase with no BER among the four: cell by cell, with the line's fallback.
      for (int t = t0; t < t1; ++t)
        slopes[t] = terms[t] > cut ? cell_slope(g, t, y_at, dy_at) : 0.0;
      t0 = t1;
      continue;
    }
    const double finite_dy[4] = {finite_or_zero(dy_at[m - 1]), finite_or_zero(dy_at[m]),
                                 finite_or_zero(dy_at[m + 1]), finite_or_zero(dy_at[m + 2])};
    const RunCubic dy(finite_dy + 1, 0);
    // Where the clamp binds: the larger inner sample's slope (two equal ones: a kink, halfway).
    const double clamped = y.y1 < y.y2 ? dy.y2 : y.y2 < y.y1 ? dy.y1 : 0.5 * (dy.y1 + dy.y2);
    run_slopes(g.frac.data() + t0, terms.data() + t0, t1 - t0, cut, y, dy, clamped,
               slopes.data() + t0);
    t0 = t1;
  }
  r.slope = kernels::sum_exp_weighted(terms.data(), slopes.data(), g.size(), r.value);
  return r;
}

double jitter_average_at(VectorLevel level, const JitterGrid& g, const double* y_at,
                         std::vector<double>& terms) {
  return pick_level(level, &jitter_average_avx512, &jitter_average_avx2, &jitter_average_scalar)(
      g, y_at, terms);
}

double jitter_average(const JitterGrid& g, const double* y_at, std::vector<double>& terms) {
  static const auto best = pick_level(cpu_vector_level(), &jitter_average_avx512,
                                      &jitter_average_avx2, &jitter_average_scalar);
  return best(g, y_at, terms);
}

}  // namespace mosaic::phy

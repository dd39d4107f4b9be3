#include "mosaic/phy/mc/importance_kernels.hpp"

#include <bit>
#include <cmath>
#include <cstring>

#include "mosaic/phy/mc/lag_amplitudes.hpp"
#include "mosaic/phy/mc/native_vectors.hpp"

namespace mosaic::phy::mc {
namespace {

// Bit views of a double or of a vector of them (a vector cast between equal sizes reinterprets).
MOSAIC_VECTOR_INLINE std::int64_t bits_of(double x) {
  return std::bit_cast<std::int64_t>(x);
}
MOSAIC_VECTOR_INLINE double from_bits(std::int64_t b) {
  return std::bit_cast<double>(b);
}
template <int W>
MOSAIC_VECTOR_INLINE typename VectorOf<W>::I bits_of(typename VectorOf<W>::D x) {
  return std::bit_cast<typename VectorOf<W>::I>(x);
}
template <int W>
MOSAIC_VECTOR_INLINE typename VectorOf<W>::D from_bits(typename VectorOf<W>::I b) {
  return std::bit_cast<typename VectorOf<W>::D>(b);
}
MOSAIC_VECTOR_INLINE std::int64_t all_ones_if(bool c) {
  return -std::int64_t{c};
}
template <typename I>
MOSAIC_VECTOR_INLINE I all_ones_if(I c) {
  return c;
}  // vector comparisons give 0 / -1

// The width of a vector of doubles (1 for a double).
template <typename T>
constexpr int width_of() {
  if constexpr (sizeof(T) == sizeof(double)) {
    return 1;
  } else {
    return static_cast<int>(sizeof(T) / sizeof(double));
  }
}

template <typename T>
MOSAIC_VECTOR_INLINE auto bits(T x) {
  if constexpr (width_of<T>() == 1) {
    return bits_of(x);
  } else {
    return bits_of<width_of<T>()>(x);
  }
}
template <typename T, typename I>
MOSAIC_VECTOR_INLINE T doubles(I b) {
  if constexpr (width_of<T>() == 1) {
    return from_bits(b);
  } else {
    return from_bits<width_of<T>()>(b);
  }
}

// e^x for x <= 0, within an ulp; 0 below -708 (where 2^n leaves the normal range). Round x / ln 2
// to n with the 1.5 * 2^52 shift, reduce r = x - n ln 2 in two parts (|r| <= ln 2 / 2), sum
// e^r's Taylor series to r^13 (remainder < 1e-17) and put n in the exponent. The same
// operations for one double and for a vector of them.
template <typename T>
MOSAIC_VECTOR_INLINE T exp_nonpositive(T x) {
  constexpr double kLog2e = 1.4426950408889634;
  constexpr double kShift = 0x1.8p52;
  constexpr double kLn2Hi = 0x1.62e42fefa3800p-1;  // its low bits zero: n kLn2Hi is exact
  constexpr double kLn2Lo = 0x1.ef35793c7673p-45;
  const T k = x * kLog2e + kShift;
  const T n = k - kShift;
  const T r = (x - n * kLn2Hi) - n * kLn2Lo;
  constexpr double kInvFactorial[] = {1.0,
                                      1.0,
                                      1.0 / 2,
                                      1.0 / 6,
                                      1.0 / 24,
                                      1.0 / 120,
                                      1.0 / 720,
                                      1.0 / 5040,
                                      1.0 / 40320,
                                      1.0 / 362880,
                                      1.0 / 3628800,
                                      1.0 / 39916800,
                                      1.0 / 479001600,
                                      1.0 / 6227020800};
  T p = r * kInvFactorial[13] + kInvFactorial[12];
  for (int i = 11; i >= 0; --i) p = p * r + kInvFactorial[i];
  const auto scale = ((bits(k) - bits(T{} + kShift) + 1023) & 0x7FF) << 52;
  const auto keep = ~all_ones_if(x < -708.0);
  return doubles<T>(bits(p * doubles<T>(scale)) & keep);
}

// The lanes' sum in one fixed order, the same for the vector and the reference.
MOSAIC_VECTOR_INLINE double lane_sum(const double* l) {
  return ((l[0] + l[4]) + (l[2] + l[6])) + ((l[1] + l[5]) + (l[3] + l[7]));
}

}  // namespace

std::int64_t coin_threshold(double p) {
  return static_cast<std::int64_t>(std::ceil(p * 0x1.0p32 - 0.5));
}

namespace {

// kTapWidth partial sums as kTapWidth / W vectors of the level's width.
template <int W>
MOSAIC_VECTOR_INLINE TapSums tap_sums_at(const TapDraw& d) {
  using D = typename VectorOf<W>::D;
  using I = typename VectorOf<W>::I;
  constexpr int kParts = kTapWidth / W;
  D level[kParts] = {}, closure[kParts] = {};
  const std::size_t n = static_cast<std::size_t>(d.padded_taps);
  const double *y0 = d.rows, *y1 = y0 + n, *y2 = y1 + n, *y3 = y2 + n;
  for (int j = 0; j < d.padded_taps; j += kTapWidth) {
    for (int c = 0; c < kParts; ++c) {
      const int o = j + c * W;
      D abs_a, half, s0, s1, s2, s3;
      I closing, below;
      typename VectorOf<W>::U word;
      std::memcpy(&word, d.coins + o, sizeof word);
      std::memcpy(&below, d.close_below + o, sizeof below);
      std::memcpy(&abs_a, d.abs_nominal_a + o, sizeof abs_a);
      std::memcpy(&closing, d.closing_bit + o, sizeof closing);
      std::memcpy(&half, d.half_swing + o, sizeof half);
      std::memcpy(&s0, y0 + o, sizeof s0);
      std::memcpy(&s1, y1 + o, sizeof s1);
      std::memcpy(&s2, y2 + o, sizeof s2);
      std::memcpy(&s3, y3 + o, sizeof s3);
      const D a = catmull_rom_sum(d.basis, half, s0, s1, s2, s3);
      const I close = __builtin_convertvector(word, I) < below;
      const I bit = ~(close ^ closing);  // the closing bit when it closes, the other one else
      closure[c] += from_bits<W>(bits_of<W>(abs_a) & close);
      level[c] += from_bits<W>(bits_of<W>(a) & bit);
    }
  }
  double l[kTapWidth], c[kTapWidth];
  std::memcpy(l, level, sizeof l);
  std::memcpy(c, closure, sizeof c);
  return {lane_sum(l), lane_sum(c)};
}

MOSAIC_TARGET_AVX512 TapSums tap_sums_avx512(const TapDraw& d) {
  return tap_sums_at<8>(d);
}
MOSAIC_TARGET_AVX2 TapSums tap_sums_avx2(const TapDraw& d) {
  return tap_sums_at<4>(d);
}
TapSums tap_sums_baseline(const TapDraw& d) {
  return tap_sums_at<2>(d);
}

}  // namespace

TapSums tap_sums_at(VectorLevel level, const TapDraw& d) {
  return pick_level(level, &tap_sums_avx512, &tap_sums_avx2, &tap_sums_baseline)(d);
}

TapSums tap_sums(const TapDraw& d) {
  static const auto best =
      pick_level(cpu_vector_level(), &tap_sums_avx512, &tap_sums_avx2, &tap_sums_baseline);
  return best(d);
}

TapSums tap_sums_reference(const TapDraw& d) {
  double level[kTapWidth] = {}, closure[kTapWidth] = {};
  const std::size_t n = static_cast<std::size_t>(d.padded_taps);
  for (int j = 0; j < d.padded_taps; ++j) {
    const bool close = std::int64_t{d.coins[j]} < d.close_below[j];
    const bool bit = close == (d.closing_bit[j] != 0);
    const int l = j % kTapWidth;
    const double* y = d.rows + j;
    const double a = catmull_rom_sum(d.basis, d.half_swing[j], y[0], y[n], y[2 * n], y[3 * n]);
    closure[l] += close ? d.abs_nominal_a[j] : 0.0;
    level[l] += bit ? a : 0.0;
  }
  return {lane_sum(level), lane_sum(closure)};
}

namespace {

// The largest of the terms and the sum of e^(term - largest), for the tilts' or the scales'
// parts; first: e^(term 0 - largest), the nominal component's share of the sum.
template <typename T, typename Term>
MOSAIC_VECTOR_INLINE T sum_of_exps(int n, Term term, T& top, T& first) {
  top = term(0);
  for (int k = 1; k < n; ++k) {
    const T t = term(k);
    top = t > top ? t : top;
  }
  first = exp_nonpositive(term(0) - top);
  T sum = first;
  for (int k = 1; k < n; ++k) sum += exp_nonpositive(term(k) - top);
  return sum;
}

// ln of the mixture's density as the two maxima plus the log of
// alpha_tilted (sum over tilts) (sum over scales) + (alpha_nominal - alpha_tilted) e^(nominal),
// all terms relative to the maxima.
template <typename T>
MOSAIC_VECTOR_INLINE void log_density_parts(const Mixture& mix, T closure, T tau, T& top, T& sum) {
  T top_tilt, first_tilt;
  const T tilts = sum_of_exps(
      mix.tilts, [&](int j) { return mix.lambda[j] * closure - mix.log_norm[j]; }, top_tilt,
      first_tilt);
  T top_scale = T{} + 0.0, first_scale = T{} + 1.0, scales = T{} + 1.0;
  if (mix.scales > 0) {
    scales = sum_of_exps(
        mix.scales,
        [&](int i) {
          const T t = tau * mix.inv_sigma_jitter[i];
          return -0.5 * t * t - mix.log_sigma_jitter[i];
        },
        top_scale, first_scale);
  }
  top = top_tilt + top_scale;
  sum = mix.alpha_tilted * (tilts * scales) +
        (mix.alpha_nominal - mix.alpha_tilted) * (first_tilt * first_scale);
}

}  // namespace

namespace {

// Draws side by side, W at a time (each lane its own draw).
template <int W>
MOSAIC_VECTOR_INLINE void mixture_log_density_w(const Mixture& mix, const double* closure,
                                                const double* tau, int draws, double* out) {
  using D = typename VectorOf<W>::D;
  for (int b = 0; b < draws; b += W) {
    const int n = draws - b < W ? draws - b : W;
    D c{}, t{};
    std::memcpy(&c, closure + b, n * sizeof(double));
    if (mix.scales > 0) std::memcpy(&t, tau + b, n * sizeof(double));
    D top, sum;
    log_density_parts(mix, c, t, top, sum);
    for (int l = 0; l < n; ++l) out[b + l] = top[l] + std::log(sum[l]);
  }
}

MOSAIC_TARGET_AVX512 void mixture_log_density_avx512(const Mixture& mix, const double* closure,
                                                     const double* tau, int draws, double* out) {
  mixture_log_density_w<8>(mix, closure, tau, draws, out);
}
MOSAIC_TARGET_AVX2 void mixture_log_density_avx2(const Mixture& mix, const double* closure,
                                                 const double* tau, int draws, double* out) {
  mixture_log_density_w<4>(mix, closure, tau, draws, out);
}
void mixture_log_density_baseline(const Mixture& mix, const double* closure, const double* tau,
                                  int draws, double* out) {
  mixture_log_density_w<2>(mix, closure, tau, draws, out);
}

}  // namespace

void mixture_log_density_at(VectorLevel level, const Mixture& mix, const double* closure,
                            const double* tau, int draws, double* out) {
  pick_level(level, &mixture_log_density_avx512, &mixture_log_density_avx2,
             &mixture_log_density_baseline)(mix, closure, tau, draws, out);
}

void mixture_log_density(const Mixture& mix, const double* closure, const double* tau, int draws,
                         double* out) {
  static const auto best = pick_level(cpu_vector_level(), &mixture_log_density_avx512,
                                      &mixture_log_density_avx2, &mixture_log_density_baseline);
  best(mix, closure, tau, draws, out);
}

void mixture_log_density_reference(const Mixture& mix, const double* closure, const double* tau,
                                   int draws, double* out) {
  for (int b = 0; b < draws; ++b) {
    double top, sum;
    log_density_parts(mix, closure[b], mix.scales > 0 ? tau[b] : 0.0, top, sum);
    out[b] = top + std::log(sum);
  }
}

}  // namespace mosaic::phy::mc

#include "mosaic/phy/mc/importance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <vector>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/importance_kernels.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/lag_amplitudes.hpp"

namespace mosaic::phy::mc {
namespace {

// Taps below this fraction of the cursor cannot move a decision: they add their mean only.
constexpr double kTinyTap = 1e-7;
constexpr double kNominalShare = 0.2;  // defensive component: bounds every weight by 5
constexpr int kTilts = 4;              // tilted strengths beside the nominal draw
constexpr std::array<double, 3> kJitterScales{1.0, 2.5, 5.0};
constexpr int kDrawBlock = 256;  // draws whose mixture densities are computed together

// A tap worth drawing: where its samples are and its amplitude at the nominal phase.
struct Tap {
  TapSource source;
  double nominal_a;  // amplitude at the nominal phase (A)
};

// Draws handed out in order from a buffer that `fill` refills in large blocks, whole multiples of
// kGranule at a time; a vector's worth of values can be read past the end of what take() hands
// out.
template <typename T>
class DrawBuffer {
 public:
  static constexpr std::size_t kGranule = 4 * kLanes;  // a quad of every lane: the coins' unit
  explicit DrawBuffer(std::function<void(T*, std::size_t)> fill) : fill_(std::move(fill)) {}
  const T* take(std::size_t n) {
    if (next_ + n > filled_) refill(n);
    const T* p = buffer_.data() + next_;
    next_ += n;
    return p;
  }

 private:
  void refill(std::size_t n) {
    const std::size_t left = filled_ - next_;
    std::copy(buffer_.begin() + static_cast<std::ptrdiff_t>(next_),
              buffer_.begin() + static_cast<std::ptrdiff_t>(filled_), buffer_.begin());
    const std::size_t more = (std::max(kBlock, 4 * n) + kGranule - 1) / kGranule * kGranule;
    buffer_.resize(left + more + kTapWidth, T{});
    fill_(buffer_.data() + left, more);
    filled_ = left + more;
    next_ = 0;
  }
  static constexpr std::size_t kBlock = 8192;
  std::function<void(T*, std::size_t)> fill_;
  std::vector<T> buffer_;
  std::size_t filled_ = 0;
  std::size_t next_ = 0;
};

// The component and jitter stream: the same values, in the same order, as one Rng::uniform() at
// a time, and the normals as Rng::normal's (pairs from Box-Muller, the second kept).
class UniformStream {
 public:
  explicit UniformStream(Rng& rng)
      : draws_([&rng](double* out, std::size_t n) { rng.fill_uniform(out, n); }) {}
  double uniform() { return *draws_.take(1); }
  double normal() {
    if (have_spare_) {
      have_spare_ = false;
      return spare_;
    }
    const double u1 = uniform();
    const double z = Rng::box_muller(u1, uniform(), spare_);
    have_spare_ = true;
    return z;
  }

 private:
  DrawBuffer<double> draws_;
  bool have_spare_ = false;
  double spare_ = 0.0;
};

// The taps' coins: Philox words, each a uniform of 32-bit resolution (a tap's closing probability
// is at least 1/2, so 2^-32 steps are far below anything a weight can see), four per Philox block
// where a 53-bit uniform takes two, from the Monte Carlo lane kernel in its output order.
class CoinStream {
 public:
  CoinStream(std::uint64_t seed, std::uint64_t stream)
      : key_{seed, static_cast<std::uint32_t>(RngPurpose::kMcImportanceCoins), stream, 0},
        coins_([this](std::uint32_t* out, std::size_t n) { fill(out, n); }) {}
  CoinStream(const CoinStream&) = delete;  // its buffer's fill refers to this object
  CoinStream& operator=(const CoinStream&) = delete;
  const std::uint32_t* take(std::size_t n) { return coins_.take(n); }

 private:
  void fill(std::uint32_t* out, std::size_t n) {
    const std::size_t quads = n / DrawBuffer<std::uint32_t>::kGranule;
    if (quads > std::numeric_limits<std::uint32_t>::max() - first_quad_) {
      key_.block0 += kLanes;  // the lanes' counters are spent: the next group of lanes
      first_quad_ = 0;
    }
    word_lanes(key_, first_quad_, quads, out);
    first_quad_ += static_cast<std::uint32_t>(quads);
  }
  LaneKey key_;
  std::uint32_t first_quad_ = 0;
  DrawBuffer<std::uint32_t> coins_;
};

// A sample position: the whole sample at or before it and the fraction.
struct Position {
  int whole;
  double fraction;
};

Position position_of(double t) {
  const double f0 = std::floor(t);
  return {static_cast<int>(f0), t - f0};
}

double log_logistic(double x) {  // ln(1 / (1 + e^-x)), stable both ways
  return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

}  // namespace

ImportanceResult importance_ber(const StatEyeInput& in, int phase_samples, double threshold_a,
                                const ImportanceOptions& options) {
  const EyeSignal& victim = in.victim;
  const int os = victim.pulse->samples_per_ui;
  const int span = victim.pulse->span_ui;
  const double sigma_j = in.jitter_rms_ui * os;
  const double s = phase_samples;
  const double d = threshold_a;

  std::vector<const EyeSignal*> signals{&victim};
  for (const auto& a : in.aggressors) signals.push_back(&a);
  double shift = 0.0;
  for (const EyeSignal* sig : signals) shift += sig->base_a;
  const double cursor = victim.swing_a * victim.pulse->at(phase_samples, 0);
  std::vector<Tap> taps;
  double lumped_mean = 0.0;
  double sum_a2 = 0.0;
  for (const EyeSignal* sig : signals) {
    for (int k = -span / 2; k < span / 2; ++k) {
      if (sig == &victim && k == 0) continue;
      const double a = sig->swing_a * sig->pulse->at(phase_samples + sig->offset_samples, k);
      if (std::abs(a) < kTinyTap * std::abs(cursor)) {
        lumped_mean += 0.5 * a;
        continue;
      }
      taps.push_back({{sig->pulse, sig->swing_a, k, sig->offset_samples}, a});
      sum_a2 += a * a;
    }
  }
  // The taps as the kernel reads them, padded to whole vectors with taps of amplitude 0 that
  // never close.
  const std::size_t padded_taps = (taps.size() + kTapWidth - 1) / kTapWidth * kTapWidth;
  std::vector<TapSource> sources;
  for (const Tap& t : taps) sources.push_back(t.source);
  const TapRows tap_rows(sources, static_cast<int>(padded_taps));
  std::vector<double> abs_nominal(padded_taps, 0.0);
  std::vector<std::int64_t> closing_bit(padded_taps, 0);
  for (std::size_t t = 0; t < taps.size(); ++t) abs_nominal[t] = std::abs(taps[t].nominal_a);
  TapDraw tap_draw;
  tap_draw.padded_taps = static_cast<int>(padded_taps);
  tap_draw.half_swing = tap_rows.half_swing();
  tap_draw.closing_bit = closing_bit.data();
  tap_draw.abs_nominal_a = abs_nominal.data();
  // A block of draws at a time: their levels, closures and instants, then the mixture's density
  // for all of them at once.
  std::vector<double> level(kDrawBlock), closure(kDrawBlock), jitter(kDrawBlock),
      log_q_mix(kDrawBlock);
  const double th2 = in.thermal_sigma_a * in.thermal_sigma_a;
  const double ln2 = std::numbers::ln2;
  const double log_p_bits = -static_cast<double>(taps.size()) * ln2;

  // Mixture components: every tilt lambda_j (per ampere of eye closure) with every jitter scale;
  // component q is tilt q / n_scales with scale q % n_scales. The scales' parts do not depend on
  // the cursor bit.
  const int n_scales = sigma_j > 0.0 ? static_cast<int>(kJitterScales.size()) : 1;
  const int n_comp = (kTilts + 1) * n_scales;
  const double log_sigma_j = sigma_j > 0.0 ? std::log(sigma_j) : 0.0;
  std::vector<double> sigma_jitter(n_scales), inv_sigma_jitter(n_scales),
      log_sigma_jitter(n_scales);
  for (int i = 0; i < n_scales; ++i) {
    sigma_jitter[i] = sigma_j * kJitterScales[i];
    inv_sigma_jitter[i] = sigma_j > 0.0 ? 1.0 / sigma_jitter[i] : 0.0;
    log_sigma_jitter[i] = sigma_j > 0.0 ? std::log(sigma_jitter[i]) : 0.0;
  }

  ImportanceResult r;
  const long per_cursor = std::max<long>(1, std::lround(0.5 * options.samples));
  r.samples = 2.0 * per_cursor;
  double sum_mean[2] = {0.0, 0.0};
  std::vector<double> lnf[2];
  Rng rng(options.seed, RngPurpose::kMcImportance, options.stream);
  UniformStream uniforms(rng);
  CoinStream coins(options.seed, options.stream);
  for (int c = 0; c < 2; ++c) {
    // The tilt that moves a Gaussian of the noise + pattern variance onto the threshold is the
    // scale of the dominant error; the mixture spans up to 1.5 times it.
    const double mean = shift + lumped_mean + c * cursor + [&] {
      double m = 0.0;
      for (const Tap& t : taps) m += 0.5 * t.nominal_a;
      return m;
    }();
    const double sigma2 = th2 + in.shot_a2_per_a * std::max(mean, 0.0) + 0.25 * sum_a2;
    const double lambda_star = std::abs(d - mean) / std::max(sigma2, 1e-300);
    // Per tilt: its strength, its normalisation sum_k ln(1 + e^(lambda |a_k|)) and each tap's
    // probability of closing (padding taps never close).
    std::vector<double> lambda(kTilts + 1), log_norm(kTilts + 1, 0.0);
    std::vector<std::int64_t> close_below(static_cast<std::size_t>(kTilts + 1) * padded_taps, 0);
    for (int j = 0; j <= kTilts; ++j) {
      lambda[j] = 1.5 * lambda_star * j / kTilts;
      for (std::size_t t = 0; t < taps.size(); ++t) {
        const double x = lambda[j] * std::abs(taps[t].nominal_a);
        log_norm[j] += x > 30 ? x : std::log1p(std::exp(x));
        close_below[j * padded_taps + t] = coin_threshold(std::exp(log_logistic(x)));
      }
    }
    Mixture mix;
    mix.tilts = kTilts + 1;
    mix.lambda = lambda.data();
    mix.log_norm = log_norm.data();
    mix.scales = sigma_j > 0.0 ? n_scales : 0;
    mix.inv_sigma_jitter = inv_sigma_jitter.data();
    mix.log_sigma_jitter = log_sigma_jitter.data();
    mix.alpha_nominal = kNominalShare;
    mix.alpha_tilted = (1.0 - kNominalShare) / (n_comp - 1);
    // Closing: raises a 0 (c = 0) or lowers a 1 (c = 1) toward the threshold.
    for (std::size_t t = 0; t < taps.size(); ++t)
      closing_bit[t] = -std::int64_t{(taps[t].nominal_a > 0) == (c == 0)};
    lnf[c].resize(static_cast<std::size_t>(per_cursor));
    for (long first = 0; first < per_cursor; first += kDrawBlock) {
      const int block = static_cast<int>(std::min<long>(kDrawBlock, per_cursor - first));
      for (int b = 0; b < block; ++b) {
        // Component: nominal with its share, else uniform over the tilted ones.
        const double u = uniforms.uniform();
        const int q =
            u < kNominalShare
                ? 0
                : 1 + std::min(n_comp - 2, static_cast<int>((u - kNominalShare) /
                                                            (1.0 - kNominalShare) * (n_comp - 1)));
        const int tilt = q / n_scales, scale = q % n_scales;
        const double tau = sigma_j > 0.0 ? sigma_jitter[scale] * uniforms.normal() : 0.0;
        // Every tap samples at the draw's one instant, a signal's bit timing moving it by whole
        // samples (its rows are built at its offset).
        const Position at = position_of(s + tau);
        tap_draw.basis = catmull_rom_basis(at.fraction);
        tap_draw.rows = tap_rows.rows_about(at.whole);
        tap_draw.coins = coins.take(taps.size());
        tap_draw.close_below = close_below.data() + static_cast<std::size_t>(tilt) * padded_taps;
        const TapSums sums = tap_sums(tap_draw);
        level[b] = shift + lumped_mean +
                   c * lag_amplitude(*victim.pulse, victim.swing_a, 0, at.whole, at.fraction) +
                   sums.level;
        closure[b] = sums.closure;
        jitter[b] = tau;
      }
      mixture_log_density(mix, closure.data(), jitter.data(), block, log_q_mix.data());
      for (int b = 0; b < block; ++b) {
        const double x = level[b], tau = jitter[b];
        double log_p = log_p_bits;
        if (sigma_j > 0.0) log_p += -0.5 * (tau / sigma_j) * (tau / sigma_j) - log_sigma_j;
        const double log_w = log_p - log_q_mix[b];
        const double sigma = std::sqrt(std::max(th2 + in.shot_a2_per_a * std::max(x, 0.0), 1e-300));
        const double z = c == 0 ? (d - x) / sigma : (x - d) / sigma;
        lnf[c][static_cast<std::size_t>(first + b)] = log_w + log_q(z);
      }
    }
  }
  // Moments in a scaled domain: the contributions may sit far below 1e-160, where squares
  // would underflow.
  double top = -std::numeric_limits<double>::infinity();
  for (int c = 0; c < 2; ++c)
    for (double v : lnf[c]) top = std::max(top, v);
  if (!std::isfinite(top)) {
    r.refused = true;
    r.refusal = "no draw came anywhere near an error: the BER is below what this run can resolve";
    return r;
  }
  double var = 0.0, all_sum = 0.0, all_sq = 0.0;
  for (int c = 0; c < 2; ++c) {
    double sum = 0.0, sq = 0.0;
    for (double v : lnf[c]) {
      const double g = std::exp(v - top);
      sum += g;
      sq += g * g;
    }
    const double n = static_cast<double>(lnf[c].size());
    const double m = sum / n;
    sum_mean[c] = m;
    var += 0.25 * std::max(0.0, (sq / n - m * m)) / std::max(1.0, n - 1.0);
    all_sum += sum;
    all_sq += sq;
  }
  const double scaled = 0.5 * (sum_mean[0] + sum_mean[1]);
  const double zc = q_inverse(0.5 * (1.0 - options.confidence));
  r.effective_samples = all_sq > 0 ? all_sum * all_sum / all_sq : 0.0;
  r.log10_ber = (top + std::log(scaled)) / std::numbers::ln10;
  r.ber = std::exp(top) * scaled;
  r.ci_low = std::exp(top) * std::max(0.0, scaled - zc * std::sqrt(var));
  r.ci_high = std::exp(top) * (scaled + zc * std::sqrt(var));
  if (r.effective_samples < options.min_effective_samples) {
    r.refused = true;
    r.refusal = fmt::format(
        "only {:.1f} effective samples of {:.0f} drawn (at least {:.0f} needed): the weights are "
        "dominated by a few draws, so neither the estimate nor its interval can be trusted",
        r.effective_samples, r.samples, options.min_effective_samples);
  }
  return r;
}

}  // namespace mosaic::phy::mc

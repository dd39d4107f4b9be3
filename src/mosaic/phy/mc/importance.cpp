#include "mosaic/phy/mc/importance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic::phy::mc {
namespace {

// Taps below this fraction of the cursor cannot move a decision: they add their mean only.
constexpr double kTinyTap = 1e-7;
constexpr double kNominalShare = 0.2;  // defensive component: bounds every weight by 5
constexpr int kTilts = 4;              // tilted strengths beside the nominal draw
constexpr std::array<double, 3> kJitterScales{1.0, 2.5, 5.0};

struct Tap {
  const EyeSignal* signal;
  int k;
  double nominal_a;  // amplitude at the nominal phase (A)
  int signal_index;  // into the draw's per-signal positions
  int lag_index;     // (peak + k samples_per_ui) mod n: where lag k starts in the cyclic pulse
};

// One signal's sample position in a draw: the whole sample at or before it and the fraction.
struct Position {
  int whole;
  double fraction;
};

Position position_of(double t) {
  const double f0 = std::floor(t);
  return {static_cast<int>(f0), t - f0};
}

// Amplitude of a signal's lag at a fractional sample position: a Catmull-Rom cubic through the
// four nearest samples (exact on whole samples; a straight line would flatten the pulse's peak by
// a fraction of a percent, which deep in the tail is a factor of several in BER). The position is
// split once per signal and draw, and the lag's start in the cyclic pulse once per tap: the
// samples are PulseResponse::at's, without its modulo on each.
double tap_amplitude(const EyeSignal& s, int lag_index, Position at) {
  const std::vector<double>& h = s.pulse->h;
  const int n = static_cast<int>(h.size());
  const int i = lag_index + at.whole;  // the sample at or before the position
  auto sample = [&](int j) {
    if (j >= 0 && j < n) return h[static_cast<std::size_t>(j)];
    j %= n;
    return h[static_cast<std::size_t>(j < 0 ? j + n : j)];
  };
  if (at.fraction == 0.0) return s.swing_a * sample(i);
  const double y0 = sample(i - 1), y1 = sample(i), y2 = sample(i + 1), y3 = sample(i + 2);
  const double f = at.fraction;
  const double v =
      y1 +
      0.5 * f *
          (y2 - y0 + f * (2.0 * y0 - 5.0 * y1 + 4.0 * y2 - y3 + f * (3.0 * (y1 - y2) + y3 - y0)));
  return s.swing_a * v;
}

int lag_start(const PulseResponse& p, int k) {
  const int n = static_cast<int>(p.h.size());
  const int i = (p.peak + k * p.samples_per_ui) % n;
  return i < 0 ? i + n : i;
}

double log_logistic(double x) {  // ln(1 / (1 + e^-x)), stable both ways
  return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

double log_sum_exp(const std::vector<double>& v) {
  const double m = *std::max_element(v.begin(), v.end());
  if (!std::isfinite(m)) return m;
  double s = 0.0;
  for (double x : v) s += std::exp(x - m);
  return m + std::log(s);
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
  for (std::size_t g = 0; g < signals.size(); ++g) {
    const EyeSignal* sig = signals[g];
    for (int k = -span / 2; k < span / 2; ++k) {
      if (sig == &victim && k == 0) continue;
      const double a = sig->swing_a * sig->pulse->at(phase_samples + sig->offset_samples, k);
      if (std::abs(a) < kTinyTap * std::abs(cursor)) {
        lumped_mean += 0.5 * a;
        continue;
      }
      taps.push_back({sig, k, a, static_cast<int>(g), lag_start(*sig->pulse, k)});
      sum_a2 += a * a;
    }
  }
  const int victim_cursor = lag_start(*victim.pulse, 0);
  std::vector<Position> positions(signals.size());
  std::vector<double> draws(taps.size());  // one draw's uniforms, a tap each
  const double th2 = in.thermal_sigma_a * in.thermal_sigma_a;
  const double ln2 = std::numbers::ln2;
  const double log_p_bits = -static_cast<double>(taps.size()) * ln2;

  // Mixture components: tilt lambda_j (per ampere of eye closure) x jitter scale.
  struct Component {
    double lambda;
    double jitter_scale;
    double log_alpha;
    double log_norm;          // sum_k ln(1 + e^(lambda |a_k|))
    double sigma_jitter;      // sigma_j x jitter_scale (0 without jitter)
    double log_sigma_jitter;  // its logarithm, once rather than per draw
  };
  const int n_scales = sigma_j > 0.0 ? static_cast<int>(kJitterScales.size()) : 1;
  const double log_sigma_j = sigma_j > 0.0 ? std::log(sigma_j) : 0.0;

  ImportanceResult r;
  const long per_cursor = std::max<long>(1, std::lround(0.5 * options.samples));
  r.samples = 2.0 * per_cursor;
  double sum_mean[2] = {0.0, 0.0};
  std::vector<double> lnf[2];
  Rng rng(options.seed, RngPurpose::kMcImportance, options.stream);
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
    std::vector<Component> comps;
    for (int j = 0; j <= kTilts; ++j) {
      for (int i = 0; i < n_scales; ++i) {
        Component cp{1.5 * lambda_star * j / kTilts, kJitterScales[i], 0.0, 0.0, 0.0, 0.0};
        cp.sigma_jitter = sigma_j * cp.jitter_scale;
        cp.log_sigma_jitter = sigma_j > 0.0 ? std::log(cp.sigma_jitter) : 0.0;
        for (const Tap& t : taps) {
          const double x = cp.lambda * std::abs(t.nominal_a);
          cp.log_norm += x > 30 ? x : std::log1p(std::exp(x));
        }
        comps.push_back(cp);
      }
    }
    const int n_comp = static_cast<int>(comps.size());
    for (int q = 0; q < n_comp; ++q)
      comps[q].log_alpha =
          q == 0 ? std::log(kNominalShare) : std::log((1.0 - kNominalShare) / (n_comp - 1));
    std::vector<double> p_close(static_cast<std::size_t>(n_comp) * taps.size());
    for (int q = 0; q < n_comp; ++q)
      for (std::size_t t = 0; t < taps.size(); ++t)
        p_close[q * taps.size() + t] =
            std::exp(log_logistic(comps[q].lambda * std::abs(taps[t].nominal_a)));
    std::vector<double> log_q_mix(n_comp);
    lnf[c].reserve(per_cursor);
    for (long n = 0; n < per_cursor; ++n) {
      // Component: nominal with its share, else uniform over the tilted ones.
      const double u = rng.uniform();
      const int q =
          u < kNominalShare
              ? 0
              : 1 + std::min(n_comp - 2, static_cast<int>((u - kNominalShare) /
                                                          (1.0 - kNominalShare) * (n_comp - 1)));
      const Component& cp = comps[q];
      const double tau = sigma_j > 0.0 ? sigma_j * cp.jitter_scale * rng.normal() : 0.0;
      // Every tap of a signal samples at that signal's one position in this draw.
      for (std::size_t g = 0; g < signals.size(); ++g)
        positions[g] = position_of(s + tau + signals[g]->offset_samples);
      double x =
          shift + lumped_mean + c * tap_amplitude(victim, victim_cursor, position_of(s + tau));
      double closure = 0.0;  // sum of |a_k| over taps set to their closing value
      const double* pc = p_close.data() + static_cast<std::size_t>(q) * taps.size();
      rng.fill_uniform(draws.data(), taps.size());
      // Without branches: each tap's bit is a coin the predictor cannot learn. Adding 0.0 leaves
      // the sums as the taps left out would.
      for (std::size_t i = 0; i < taps.size(); ++i) {
        const Tap& t = taps[i];
        const bool close = draws[i] < pc[i];
        // Closing: raises a 0 (c = 0) or lowers a 1 (c = 1) toward the threshold.
        const bool bit = close == ((t.nominal_a > 0) == (c == 0));
        const double a = tap_amplitude(*t.signal, t.lag_index, positions[t.signal_index]);
        closure += close ? std::abs(t.nominal_a) : 0.0;
        x += bit ? a : 0.0;
      }
      double log_p = log_p_bits;
      if (sigma_j > 0.0) log_p += -0.5 * (tau / sigma_j) * (tau / sigma_j) - log_sigma_j;
      for (int m = 0; m < n_comp; ++m) {
        double lq = comps[m].log_alpha + comps[m].lambda * closure - comps[m].log_norm;
        if (sigma_j > 0.0) {
          const double sj = comps[m].sigma_jitter;
          lq += -0.5 * (tau / sj) * (tau / sj) - comps[m].log_sigma_jitter;
        }
        log_q_mix[m] = lq;
      }
      const double log_w = log_p - log_sum_exp(log_q_mix);
      const double sigma = std::sqrt(std::max(th2 + in.shot_a2_per_a * std::max(x, 0.0), 1e-300));
      const double z = c == 0 ? (d - x) / sigma : (x - d) / sigma;
      lnf[c].push_back(log_w + log_q(z));
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

// Importance sampling's vector kernels against their scalar references, bit for bit, and the
// factored mixture density against the sum over every component written out.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "mosaic/phy/mc/importance_kernels.hpp"
#include "mosaic/phy/mc/lag_amplitudes.hpp"

namespace mosaic::phy::mc {
namespace {

PulseResponse test_pulse(int samples_per_ui, int span_ui) {
  PulseResponse p;
  p.samples_per_ui = samples_per_ui;
  p.span_ui = span_ui;
  p.h.resize(static_cast<std::size_t>(samples_per_ui) * span_ui);
  std::mt19937_64 gen(samples_per_ui * 1000 + span_ui);
  std::uniform_real_distribution<double> u(-0.1, 1.0);
  for (double& v : p.h) v = u(gen);
  p.peak = static_cast<int>(p.h.size() / 3);
  return p;
}

// Every run length up to the span, positions far outside one turn of the cyclic pulse, whole
// samples (fraction 0) and fractions near 1, a power-of-two and another oversampling.
TEST(LagRun, AmplitudesAreTheScalarCubicBitForBit) {
  for (int os : {16, 12, 3}) {
    const int span = 24;
    const PulseResponse p = test_pulse(os, span);
    const double swing = 1.7e-6;
    for (int first : {-12, -3, 0, 5}) {
      for (int lags : {1, 7, 8, 9, 17, span}) {
        const LagRun run(p, swing, first, lags);
        std::vector<double> out(static_cast<std::size_t>(run.padded_lags()));
        for (int whole : {-3 * span * os - 5, -os - 1, -2, -1, 0, 1, os - 1, os, 7 * os + 3,
                          2 * span * os + 1}) {
          for (double fraction : {0.0, 1e-9, 0.25, 0.5, 0.999999}) {
            const LagRunAt at{&run, whole, fraction, out.data()};
            lag_amplitudes(&at, 1);
            for (int j = 0; j < lags; ++j)
              ASSERT_EQ(out[j], lag_amplitude(p, swing, first + j, whole, fraction))
                  << "os " << os << " first " << first << " lags " << lags << " whole " << whole
                  << " fraction " << fraction << " lag " << j;
          }
        }
      }
    }
  }
}

TEST(LagRun, IsExactOnWholeSamplesAndInterpolatesBetween) {
  const PulseResponse p = test_pulse(16, 8);
  const int n = static_cast<int>(p.h.size());
  for (int whole : {-1, 0, 5, 200}) {
    const int i = ((p.peak + 2 * 16 + whole) % n + n) % n;
    EXPECT_EQ(lag_amplitude(p, 2.0, 2, whole, 0.0), 2.0 * p.h[static_cast<std::size_t>(i)]);
    // Halfway: the cubic's value (-y0 + 9 y1 + 9 y2 - y3) / 16.
    auto h = [&](int k) { return p.h[static_cast<std::size_t>(((i + k) % n + n) % n)]; };
    EXPECT_NEAR(lag_amplitude(p, 2.0, 2, whole, 0.5),
                2.0 * (-h(-1) + 9.0 * h(0) + 9.0 * h(1) - h(2)) / 16.0, 1e-15);
  }
}

TEST(LagRun, RefusesARunLongerThanThePulse) {
  const PulseResponse p = test_pulse(16, 8);
  EXPECT_THROW(LagRun(p, 1.0, 0, 9), std::invalid_argument);
}

TEST(TapSums, VectorMatchesReferenceBitForBit) {
  std::mt19937_64 gen(3);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int taps : {1, 7, 8, 9, 50, 64}) {
    const int padded = (taps + kTapWidth - 1) / kTapWidth * kTapWidth;
    std::vector<double> coins(padded + kTapWidth), p(padded, 0.0), abs_a(padded, 0.0);
    std::vector<double> amplitudes(padded + 1, 0.0);
    std::vector<std::int64_t> closing(padded, 0);
    std::vector<int> index(padded, padded);
    for (int t = 0; t < taps; ++t) {
      p[t] = 0.5 + 0.5 * u(gen);
      abs_a[t] = u(gen) * 1e-6;
      amplitudes[t] = (u(gen) - 0.3) * 1e-6;
      closing[t] = u(gen) < 0.5 ? -1 : 0;
      index[t] = (t * 7) % taps;
    }
    for (int draw = 0; draw < 200; ++draw) {
      for (double& c : coins) c = u(gen);
      TapDraw d;
      d.padded_taps = padded;
      d.uniforms = coins.data();
      d.p_close = p.data();
      d.closing_bit = closing.data();
      d.abs_nominal_a = abs_a.data();
      d.amplitude_index = index.data();
      d.amplitudes = amplitudes.data();
      const TapSums v = tap_sums(d), r = tap_sums_reference(d);
      for (int l = 0; l <= static_cast<int>(cpu_vector_level()); ++l) {
        const TapSums at = tap_sums_at(static_cast<VectorLevel>(l), d);
        ASSERT_EQ(at.level, r.level) << l << ": " << taps << " taps, draw " << draw;
        ASSERT_EQ(at.closure, r.closure) << l << ": " << taps << " taps, draw " << draw;
      }
      ASSERT_EQ(v.level, r.level) << taps << " taps, draw " << draw;
      ASSERT_EQ(v.closure, r.closure) << taps << " taps, draw " << draw;
      // The sums are the taps' own: level over the 1 bits, closure over the closing taps.
      double level = 0.0, closure = 0.0;
      for (int t = 0; t < taps; ++t) {
        const bool close = coins[t] < p[t];
        if (close) closure += abs_a[t];
        if (close == (closing[t] != 0)) level += amplitudes[index[t]];
      }
      ASSERT_NEAR(v.level, level, 1e-18);  // sums of about 1e-5: rounding alone
      ASSERT_NEAR(v.closure, closure, 1e-18);
    }
  }
}

// ln sum over every (tilt, scale) component, the nominal (0, 0) with its own weight.
double direct_log_density(const Mixture& m, double closure, double tau) {
  std::vector<double> terms;
  const int scales = std::max(m.scales, 1);
  for (int j = 0; j < m.tilts; ++j) {
    for (int i = 0; i < scales; ++i) {
      double lq = std::log(j == 0 && i == 0 ? m.alpha_nominal : m.alpha_tilted) +
                  m.lambda[j] * closure - m.log_norm[j];
      if (m.scales > 0) {
        const double t = tau * m.inv_sigma_jitter[i];
        lq += -0.5 * t * t - m.log_sigma_jitter[i];
      }
      terms.push_back(lq);
    }
  }
  double top = terms[0];
  for (double t : terms) top = std::max(top, t);
  double sum = 0.0;
  for (double t : terms) sum += std::exp(t - top);
  return top + std::log(sum);
}

TEST(MixtureLogDensity, FactoredSumMatchesEveryComponentAndTheReference) {
  const std::vector<double> lambda{0.0, 2e6, 4e6, 6e6, 8e6}, log_norm{34.7, 60.0, 95.0, 140, 190};
  const std::vector<double> inv_sigma{1 / 0.4, 1 / 1.0, 1 / 2.0};
  const std::vector<double> log_sigma{std::log(0.4), std::log(1.0), std::log(2.0)};
  std::mt19937_64 gen(11);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int scales : {3, 0}) {
    Mixture m;
    m.tilts = 5;
    m.lambda = lambda.data();
    m.log_norm = log_norm.data();
    m.scales = scales;
    m.inv_sigma_jitter = inv_sigma.data();
    m.log_sigma_jitter = log_sigma.data();
    m.alpha_nominal = 0.2;
    m.alpha_tilted = 0.8 / (5 * std::max(scales, 1) - 1);
    for (int draws : {1, 7, 8, 13, 256}) {
      std::vector<double> closure(draws + kTapWidth), tau(draws + kTapWidth);
      for (int b = 0; b < draws; ++b) {
        closure[b] = u(gen) * 3e-5;      // from nothing closed to every tap closed
        tau[b] = (u(gen) - 0.5) * 12.0;  // out to many sigma of the widest scale
      }
      std::vector<double> v(draws + kTapWidth), r(draws + kTapWidth);
      mixture_log_density(m, closure.data(), tau.data(), draws, v.data());
      mixture_log_density_reference(m, closure.data(), tau.data(), draws, r.data());
      for (int l = 0; l <= static_cast<int>(cpu_vector_level()); ++l) {
        std::vector<double> at(v.size());
        mixture_log_density_at(static_cast<VectorLevel>(l), m, closure.data(), tau.data(), draws,
                               at.data());
        for (int b = 0; b < draws; ++b) ASSERT_EQ(at[b], r[b]) << l << ": draw " << b;
      }
      for (int b = 0; b < draws; ++b) {
        ASSERT_EQ(v[b], r[b]) << "scales " << scales << " draw " << b;
        const double direct = direct_log_density(m, closure[b], tau[b]);
        ASSERT_NEAR(v[b], direct, 1e-13 * std::max(1.0, std::abs(direct)))
            << "scales " << scales << " closure " << closure[b] << " tau " << tau[b];
      }
    }
  }
}

}  // namespace
}  // namespace mosaic::phy::mc

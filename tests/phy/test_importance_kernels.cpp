// Importance sampling's vector kernels against their scalar references, bit for bit, and the
// factored mixture density against the sum over every component written out.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "mosaic/phy/mc/importance_kernels.hpp"
#include "mosaic/phy/mc/lag_amplitudes.hpp"

namespace mosaic::phy::mc {
namespace {

PulseResponse test_pulse(int samples_per_ui, int span_ui, int seed = 0) {
  PulseResponse p;
  p.samples_per_ui = samples_per_ui;
  p.span_ui = span_ui;
  p.h.resize(static_cast<std::size_t>(samples_per_ui) * span_ui);
  std::mt19937_64 gen(samples_per_ui * 1000 + span_ui + 7919 * seed);
  std::uniform_real_distribution<double> u(-0.1, 1.0);
  for (double& v : p.h) v = u(gen);
  p.peak = static_cast<int>(p.h.size() / 3);
  return p;
}

// One tap's amplitude through the draw kernel: every tap closes, and only tap `only` has its
// closing value as its bit, so the level is that tap's amplitude alone (plus zeros).
double kernel_amplitude(const TapRows& rows, int taps, int only, int whole, double fraction,
                        VectorLevel level) {
  const int padded = rows.stride();
  std::vector<std::uint32_t> coins(static_cast<std::size_t>(padded) + kTapWidth, 1u << 31);
  std::vector<std::int64_t> below(padded, coin_threshold(1.0)), closing(padded, 0);
  std::vector<double> abs_a(padded, 0.0);
  closing[only] = -1;
  for (int t = taps; t < padded; ++t) below[t] = 0;  // padding never closes
  TapDraw d;
  d.padded_taps = padded;
  d.rows = rows.rows_about(whole);
  d.half_swing = rows.half_swing();
  d.basis = catmull_rom_basis(fraction);
  d.coins = coins.data();
  d.close_below = below.data();
  d.closing_bit = closing.data();
  d.abs_nominal_a = abs_a.data();
  return tap_sums_at(level, d).level;
}

// Taps of two pulses at several bit offsets, positions far outside one turn of the cyclic pulse,
// whole samples (fraction 0) and fractions near 1, a power-of-two and other oversamplings: the
// vector kernels at every level give lag_amplitude's bits for each tap.
TEST(TapRows, KernelAmplitudesAreTheScalarCubicBitForBit) {
  for (int os : {16, 12, 3}) {
    const int span = 24;
    const PulseResponse p = test_pulse(os, span), q = test_pulse(os, span, 1);
    ASSERT_EQ(q.h.size(), p.h.size());
    std::vector<TapSource> sources;
    for (int lag : {-12, -3, -1, 1, 5, 11}) sources.push_back({&p, 1.7e-6, lag, 0});
    for (int lag : {-12, 0, 7}) sources.push_back({&q, 0.9e-6, lag, 5});
    for (int lag : {-2, 3}) sources.push_back({&q, 2.3e-6, lag, -7});
    const int taps = static_cast<int>(sources.size());
    const TapRows rows(sources, (taps + kTapWidth - 1) / kTapWidth * kTapWidth);
    for (int whole :
         {-3 * span * os - 5, -os - 1, -2, -1, 0, 1, os - 1, os, 7 * os + 3, 2 * span * os + 1}) {
      for (double fraction : {0.0, 1e-9, 0.25, 0.5, 0.999999}) {
        for (int t = 0; t < taps; ++t) {
          const TapSource& s = sources[t];
          const double want =
              lag_amplitude(*s.pulse, s.swing_a, s.lag, whole + s.offset_samples, fraction);
          for (int l = 0; l <= static_cast<int>(cpu_vector_level()); ++l)
            ASSERT_EQ(kernel_amplitude(rows, taps, t, whole, fraction, static_cast<VectorLevel>(l)),
                      want)
                << "os " << os << " level " << l << " whole " << whole << " fraction " << fraction
                << " tap " << t;
        }
      }
    }
  }
}

TEST(TapRows, IsExactOnWholeSamplesAndInterpolatesBetween) {
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

TEST(TapRows, RefusesPulsesOfDifferentLengthsAndTooFewColumns) {
  const PulseResponse p = test_pulse(16, 8), q = test_pulse(16, 9);
  const std::vector<TapSource> mixed{{&p, 1.0, 0, 0}, {&q, 1.0, 1, 0}};
  EXPECT_THROW(TapRows(mixed, 8), std::invalid_argument);
  const std::vector<TapSource> one{{&p, 1.0, 0, 0}, {&p, 1.0, 1, 0}};
  EXPECT_THROW(TapRows(one, 1), std::invalid_argument);
}

// The threshold is the uniform's comparison exactly: at the words either side of it, for
// probabilities on and between the 2^-32 grid, and at 0 and 1.
TEST(CoinThreshold, IsTheUniformComparisonExactly) {
  std::mt19937_64 gen(11);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<double> ps{0.0, 1.0, 0.5, 1.0 - 0x1.0p-33, 0x1.0p-33, 0x1.8p-32, 0.75 + 0x1.0p-33};
  for (int i = 0; i < 2000; ++i) ps.push_back(u(gen));
  for (double p : ps) {
    const std::int64_t t = coin_threshold(p);
    for (std::int64_t w = t - 2; w <= t + 2; ++w) {
      if (w < 0 || w > 0xFFFFFFFFll) continue;
      ASSERT_EQ(w < t, (static_cast<double>(w) + 0.5) * 0x1.0p-32 < p) << p << " word " << w;
    }
  }
  EXPECT_EQ(coin_threshold(0.0), 0);
  EXPECT_EQ(coin_threshold(1.0), std::int64_t{1} << 32);
}

TEST(TapSums, VectorMatchesReferenceBitForBit) {
  std::mt19937_64 gen(3);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int taps : {1, 7, 8, 9, 50, 64}) {
    const int padded = (taps + kTapWidth - 1) / kTapWidth * kTapWidth;
    std::vector<std::uint32_t> coins(padded + kTapWidth);
    std::vector<double> p(padded, 0.0), abs_a(padded, 0.0);
    std::vector<double> rows(4 * static_cast<std::size_t>(padded), 0.0), half(padded, 0.0);
    std::vector<std::int64_t> closing(padded, 0), below(padded, 0);
    for (int t = 0; t < taps; ++t) {
      p[t] = 0.5 + 0.5 * u(gen);
      below[t] = coin_threshold(p[t]);
      abs_a[t] = u(gen) * 1e-6;
      half[t] = u(gen) * 1e-6;
      for (int r = 0; r < 4; ++r) rows[static_cast<std::size_t>(r) * padded + t] = u(gen) - 0.3;
      closing[t] = u(gen) < 0.5 ? -1 : 0;
    }
    for (int draw = 0; draw < 200; ++draw) {
      for (std::uint32_t& c : coins) c = static_cast<std::uint32_t>(gen());
      TapDraw d;
      d.padded_taps = padded;
      d.rows = rows.data();
      d.half_swing = half.data();
      d.basis = catmull_rom_basis(u(gen));
      const CubicBasis& basis = d.basis;
      d.coins = coins.data();
      d.close_below = below.data();
      d.closing_bit = closing.data();
      d.abs_nominal_a = abs_a.data();
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
        const bool close = (coins[t] + 0.5) * 0x1.0p-32 < p[t];
        if (close) closure += abs_a[t];
        double a = 0.0;
        for (int k = 0; k < 4; ++k)
          a += half[t] * basis.b[k] * rows[static_cast<std::size_t>(k) * padded + t];
        if (close == (closing[t] != 0)) level += a;
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

// The statistical eye against closed forms (PHYSICS.md section 5).
#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/units.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/fiber.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/pulse_response.hpp"
#include "textbook.hpp"

namespace mosaic::phy {
namespace {

using test::textbook_channel;

struct Levels {
  double mu0, mu1;
};

Levels levels_of(const LinkSpec& s) {
  const auto lv = channel_levels(s, *s.rx.power_dbm);
  return {lv.low_a, lv.high_a};
}

// Minimum over the threshold of (Q((mu1-d)/s1) + Q((d-mu0)/s0))/2, as ln, by a fine scan.
double exact_log_ber(double mu0, double mu1, double s0, double s1) {
  double best = 0.0;
  for (int i = 1; i < 20000; ++i) {
    const double d = mu0 + (mu1 - mu0) * i / 20000.0;
    LogSumExp acc;
    acc.add(std::log(0.5) + log_q((mu1 - d) / s1));
    acc.add(std::log(0.5) + log_q((d - mu0) / s0));
    best = std::min(best, acc.value());
  }
  return best;
}

TEST(ClosedForm, GaussianOokBerIsHalfErfcOfQOverRoot2) {
  // Thermal noise only: sigma0 = sigma1 = i_n sqrt(B) with B the ideal receiver's bandwidth.
  const LinkSpec s = textbook_channel(-19.4, NoiseModel::kThermal, 10.0);
  const Levels lv = levels_of(s);
  const double sigma = 10e-12 * std::sqrt(1.5e9);
  const double q = (lv.mu1 - lv.mu0) / (2.0 * sigma);
  const double expected = 0.5 * std::erfc(q / std::sqrt(2.0));
  const ChannelResult c = evaluate(s).channels[0];
  EXPECT_NEAR(c.ber / expected, 1.0, 0.01) << "Q = " << q;
  EXPECT_NEAR(c.q, q, 0.005);
  EXPECT_GT(expected, 1e-12);
  EXPECT_LT(expected, 1e-6);
}

TEST(ClosedForm, ShotNoiseMakesTheOneLevelNoisier) {
  const LinkSpec s = textbook_channel(-30.0, NoiseModel::kThermalShot, 0.1);
  const Levels lv = levels_of(s);
  const double b = 1.5e9;
  const double th2 = std::pow(0.1e-12 * std::sqrt(b), 2);
  const double s0 = std::sqrt(th2 + 2 * units::kElectronCharge_C * b * lv.mu0);
  const double s1 = std::sqrt(th2 + 2 * units::kElectronCharge_C * b * lv.mu1);
  const ChannelResult c = evaluate(s).channels[0];
  // BER far below the double range stays a finite log.
  EXPECT_NEAR(c.log10_ber * std::log(10.0) / exact_log_ber(lv.mu0, lv.mu1, s0, s1), 1.0, 0.01);
  // The textbook Q = (mu1 - mu0) / (sigma1 + sigma0) with BER = Q(Q) holds to a few percent in ln.
  const double q = (lv.mu1 - lv.mu0) / (s0 + s1);
  EXPECT_NEAR(c.log10_ber * std::log(10.0) / log_q(q), 1.0, 0.05);
  EXPECT_LT(c.log10_ber, -50.0);
  // The optimal threshold sits below the middle: the 1 level is noisier.
  EXPECT_LT(c.threshold_a, 0.5 * (lv.mu0 + lv.mu1));
}

TEST(ClosedForm, FirstOrderPulseResponse) {
  LinkSpec s = textbook_channel(-20.0, NoiseModel::kThermal, 10.0);
  s.led.filter = FilterShape::kFirstOrder;
  s.led.f3db_ghz = 1.0;
  const FiberResponse fiber = fiber_response(s);
  const int os = 64;
  const ChainModel chain(s, fiber, 0.0, os);
  const PulseResponse p = chain.pulse(1e9);
  const double t_bit = 0.5e-9;
  const double tau = 1.0 / (2.0 * M_PI * 1e9);
  const double dt = t_bit / os;
  const int start = (p.span_ui / 4) * os;  // where the drive pulse begins
  double worst = 0.0;
  for (int n = 0; n < 6 * os; ++n) {
    // The sampled rectangular drive covers [-dt/2, T - dt/2) in continuous time.
    const double t = n * dt + 0.5 * dt;
    const double y =
        t < t_bit ? 1.0 - std::exp(-t / tau) : (std::exp(t_bit / tau) - 1.0) * std::exp(-t / tau);
    worst = std::max(worst, std::abs(p.h[start + n] - y));
  }
  EXPECT_LT(worst, 0.02);
}

// BER by enumerating every pattern of the significant taps, at the engine's phase and threshold.
double enumerated_ber(const std::vector<double>& taps, double cursor, double base, double d,
                      double sigma) {
  const int n = static_cast<int>(taps.size());
  double sum = 0.0;
  for (int pattern = 0; pattern < (1 << n); ++pattern) {
    double isi = base;
    for (int k = 0; k < n; ++k)
      if (pattern >> k & 1) isi += taps[k];
    sum += q_function((isi + cursor - d) / sigma) + q_function((d - isi) / sigma);
  }
  return 0.5 * sum / (1 << n);
}

TEST(ClosedForm, SinglePoleIsiMatchesPatternEnumeration) {
  LinkSpec s = textbook_channel(-19.0, NoiseModel::kThermal, 10.0);
  s.led.filter = FilterShape::kFirstOrder;
  s.led.f3db_ghz = 0.5;  // strong ISI at 2 Gb/s
  LinkEvaluator ev(s);
  const ChannelResult c = ev.evaluate_channel(0, false);
  const PulseResponse& p = ev.pulse(0);
  const Levels lv = levels_of(s);
  const double swing = lv.mu1 - lv.mu0;
  const int phase = static_cast<int>(std::lround(c.sampling_phase_ui * p.samples_per_ui));
  std::vector<double> taps;
  double base = lv.mu0;
  for (int k = -p.span_ui / 2; k < p.span_ui / 2; ++k) {
    if (k == 0) continue;
    const double a = swing * p.at(phase, k);
    if (std::abs(a) > 1e-4 * swing) {
      taps.push_back(a);
    } else {
      base += 0.5 * a;
    }
  }
  ASSERT_LE(taps.size(), 16u);
  ASSERT_GE(taps.size(), 2u);
  const double sigma = 10e-12 * std::sqrt(1.5e9);
  const double expected = enumerated_ber(taps, swing * p.at(phase, 0), base, c.threshold_a, sigma);
  EXPECT_NEAR(c.ber / expected, 1.0, 0.05) << "expected " << expected;
  // And ISI costs: the same power without the slow LED does far better.
  const double no_isi =
      evaluate(textbook_channel(-19.0, NoiseModel::kThermal, 10.0)).channels[0].ber;
  EXPECT_LT(no_isi, c.ber / 100.0);
}

TEST(ClosedForm, ChromaticSpreadIsDispersionTimesLengthTimesRmsWidth) {
  LinkSpec s;
  FiberSpec& f = s.fiber;
  s.led.fwhm_nm = 25.0;
  f.length_m = 50.0;
  f.dispersion_ps_per_nm_km = -770.0;
  f.modal_dispersion = false;
  const FiberResponse r = fiber_response(s);
  const double sigma_lambda = 25.0 / (2.0 * std::sqrt(2.0 * std::log(2.0)));
  EXPECT_NEAR(r.sigma_cd_s, 770.0 * 0.05 * sigma_lambda * 1e-12, 1e-18);
  EXPECT_NEAR(r.sigma_cd_s * 1e12, 408.8, 0.5);
  // Modal spread adds in quadrature.
  f.modal_dispersion = true;
  f.modal_k_ps = 10.0;
  f.modal_gamma = 0.5;
  const FiberResponse both = fiber_response(s);
  EXPECT_NEAR(both.sigma_md_s * 1e12, 10.0 * std::sqrt(50.0), 1e-9);
  EXPECT_NEAR(both.sigma_s, std::hypot(both.sigma_cd_s, both.sigma_md_s), 1e-18);
}

TEST(ClosedForm, PulseThroughGaussianFiberHasRectPlusGaussianVariance) {
  LinkSpec s = textbook_channel(-20.0, NoiseModel::kThermal, 10.0);
  s.fiber.chromatic_dispersion = true;
  s.fiber.length_m = 30.0;
  s.led.fwhm_nm = 20.0;
  const FiberResponse fiber = fiber_response(s);
  const ChainModel chain(s, fiber, 0.0, 64);
  const PulseResponse p = chain.pulse(1e9);
  const double dt = chain.bit_period_s() / 64;
  double m0 = 0, m1 = 0, m2 = 0;
  for (std::size_t n = 0; n < p.h.size(); ++n) {
    m0 += p.h[n];
    m1 += p.h[n] * n * dt;
    m2 += p.h[n] * n * dt * n * dt;
  }
  const double var = m2 / m0 - std::pow(m1 / m0, 2);
  const double t = chain.bit_period_s();
  EXPECT_NEAR(std::sqrt(var) / std::sqrt(t * t / 12 + fiber.sigma_s * fiber.sigma_s), 1.0, 0.01);
}

// A 3x3 array of equal textbook channels: the centre (index 4) has 4 edge and 4 diagonal
// aggressors with the given leakage.
LinkSpec crosstalk_square(double power_dbm, double noise_pa_rthz, double adjacent_db,
                          double diagonal_db) {
  LinkSpec s = textbook_channel(power_dbm, NoiseModel::kThermal, noise_pa_rthz);
  s.array.rows = 3;
  s.array.cols = 3;
  s.array.data_channels = 9;
  s.fiber.crosstalk = true;
  s.fiber.xt_adjacent_db = adjacent_db;
  s.fiber.xt_diagonal_db = diagonal_db;
  s.fiber.xt_growth_per_m = 0.0;
  return s;
}

TEST(ClosedForm, WorstCaseCrosstalkEyeClosure) {
  // With negligible noise the vertical opening is the swing minus every aggressor's full swing.
  const LinkSpec s = crosstalk_square(-20.0, 0.001, -15.0, -20.0);
  const ChannelResult c = evaluate(s).channels[4];
  const Levels lv = levels_of(s);
  const double swing = lv.mu1 - lv.mu0;
  const double closure = 4 * std::pow(10.0, -1.5) + 4 * std::pow(10.0, -2.0);
  const double sigma = 0.001e-12 * std::sqrt(1.5e9);
  // At BER 2.4e-4 each side of the eye gives up about Q(2.4e-4) = 3.5 sigma of the noise.
  EXPECT_NEAR(c.eye_height_a, swing * (1.0 - closure) - 2 * 3.49 * sigma, 0.01 * swing);
  EXPECT_NEAR(c.crosstalk_db, 10 * std::log10(closure), 0.01);
}

TEST(ClosedForm, CrosstalkBerMatchesAggressorPatternEnumeration) {
  const LinkSpec s = crosstalk_square(-19.0, 10.0, -12.0, -16.0);
  const ChannelResult c = evaluate(s).channels[4];
  const Levels lv = levels_of(s);
  const double swing = lv.mu1 - lv.mu0;
  std::vector<double> taps;
  double base = lv.mu0;
  for (int k = 0; k < 8; ++k) {
    const double kappa = std::pow(10.0, (k < 4 ? -12.0 : -16.0) / 10.0);
    taps.push_back(kappa * swing);
    base += kappa * lv.mu0;
  }
  const double sigma = 10e-12 * std::sqrt(1.5e9);
  const double expected = enumerated_ber(taps, swing, base, c.threshold_a, sigma);
  EXPECT_NEAR(c.ber / expected, 1.0, 0.03);
}

}  // namespace
}  // namespace mosaic::phy

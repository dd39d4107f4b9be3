// The jitter average of the statistical eye against an independent numerical integration of the
// same jitter-free bathtub, deep in the tail where large jitter excursions set the BER.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/stat_eye.hpp"
#include "textbook.hpp"

namespace mosaic::phy {
namespace {

// A single channel whose BER depends strongly on the sampling phase: a first-order microLED at
// 2 Gb/s, thermal noise, 15 ps rms jitter (half a sample at 16 samples per UI).
LinkSpec phase_sensitive_channel(double power_dbm) {
  LinkSpec s = test::textbook_channel(power_dbm, NoiseModel::kThermal, 8.0);
  s.led.filter = FilterShape::kFirstOrder;
  s.led.f3db_ghz = 1.1;
  s.rx.filter = FilterShape::kButterworth2;
  s.rx.bandwidth_ghz = 1.4;
  s.rx.jitter_rms_ps = 15.0;
  s.rx.threshold = ThresholdMode::kMidEye;
  return s;
}

// Stat eye at a fixed phase (the pulse peak) and the mid-eye threshold, with or without jitter.
StatEyeResult eye_at_peak(const LinkSpec& s, bool jitter) {
  LinkEvaluator ev(s);
  StatEyeInput in = ev.eye_input(0, true);
  if (!jitter) in.jitter_rms_ui = 0.0;
  in.fixed_phase_samples = 0;
  return stat_eye(in);
}

// ln of the integral over +-12 sigma of the Gaussian density times the jitter-free BER, the
// latter interpolated in log between the bathtub's whole-sample phases (cubic, as the model
// states); trapezoid rule on 1/256 of a sample, accumulated relative to the largest term.
double integrate_bathtub(const std::vector<BathtubPoint>& tub, int os, double sigma_samples) {
  auto ln_ber0 = [&](double tau) {  // tau in samples from the chosen phase (x = 0)
    const double u = tau + os;      // tub[i].x = (i - os) / os
    const int i = static_cast<int>(std::floor(u));
    const double f = u - i;
    const double y0 = tub.at(i - 1).log10_ber, y1 = tub.at(i).log10_ber;
    const double y2 = tub.at(i + 1).log10_ber, y3 = tub.at(i + 2).log10_ber;
    // Catmull-Rom through the four nearest phases, never above the two inner ones.
    const double c1 = 0.5 * (y2 - y0);
    const double c2 = y0 - 2.5 * y1 + 2.0 * y2 - 0.5 * y3;
    const double c3 = 0.5 * (y3 - y0) + 1.5 * (y1 - y2);
    const double y = y1 + f * (c1 + f * (c2 + f * c3));
    return std::min(y, std::max(y1, y2)) * std::numbers::ln10;
  };
  const double reach = 12.0 * sigma_samples;
  const int n = static_cast<int>(std::ceil(2.0 * reach * 256.0));
  const double h = 2.0 * reach / n;
  std::vector<double> terms(n + 1);
  double top = -1e300;
  for (int k = 0; k <= n; ++k) {
    const double tau = -reach + k * h;
    const double ln_phi = -0.5 * tau * tau / (sigma_samples * sigma_samples) -
                          std::log(sigma_samples * std::sqrt(2.0 * std::numbers::pi));
    terms[k] = ln_phi + ln_ber0(tau) + std::log(k == 0 || k == n ? 0.5 * h : h);
    top = std::max(top, terms[k]);
  }
  double sum = 0.0;
  for (double t : terms) sum += std::exp(t - top);
  return top + std::log(sum);
}

TEST(JitterTail, AverageMatchesNumericalIntegrationOfTheJitterFreeBathtub) {
  for (double target : {-20.0, -40.0, -60.0}) {
    // Received power that puts the jittered BER at the target decade.
    double lo = -40.0, hi = 0.0;
    for (int it = 0; it < 40; ++it) {
      const double mid = 0.5 * (lo + hi);
      (eye_at_peak(phase_sensitive_channel(mid), true).log10_ber > target ? lo : hi) = mid;
    }
    const LinkSpec s = phase_sensitive_channel(hi);
    const StatEyeResult with = eye_at_peak(s, true);
    const StatEyeResult without = eye_at_peak(s, false);
    const LinkEvaluator ev(s);
    const int os = ev.chain().samples_per_ui();
    const double sigma = s.rx.jitter_rms_ps * 1e-12 * s.channel.rate_gbps * 1e9 * os;
    const double expected =
        integrate_bathtub(without.bathtub_phase, os, sigma) / std::numbers::ln10;
    EXPECT_NEAR(with.log10_ber, expected, 0.05 * std::abs(expected)) << "target 1e" << target;
    // The tail really is jitter's: without jitter the same channel is far better.
    EXPECT_LT(without.log10_ber, with.log10_ber - 1.0) << "target 1e" << target;
    std::printf("target 1e%.0f: stat eye %.3f, integral %.3f, jitter-free %.3f\n", target,
                with.log10_ber, expected, without.log10_ber);
  }
}

}  // namespace
}  // namespace mosaic::phy

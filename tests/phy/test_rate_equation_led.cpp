#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "mosaic/phy/led_drive.hpp"
#include "mosaic/phy/lowpass.hpp"
#include "mosaic/phy/rate_equation_led.hpp"

namespace mosaic::phy {
namespace {

// Amplitude of the light's response to a small sinusoidal current at f, by simulating the rate
// equation over many periods and fitting the last ones (lock-in).
double small_signal_gain(const LedSpec& led, double f_hz) {
  const double bias = led_drive(led).bias_a;
  RateEquationLed model(led, bias);
  const double depth = 0.01 * bias;
  const int per_period = 400;
  const double dt = 1.0 / (f_hz * per_period);
  const int periods = 40;
  std::vector<double> current(per_period), light(per_period);
  const int substeps = model.substeps(dt, bias + depth);
  model.reset(bias);
  double in_phase = 0.0, quadrature = 0.0;
  for (int p = 0; p < periods; ++p) {
    for (int i = 0; i < per_period; ++i)
      current[i] = bias + depth * std::sin(2 * M_PI * (p * per_period + i) / per_period);
    model.process(current, light, dt, substeps);
    if (p < periods / 2) continue;  // let the transient die out
    for (int i = 0; i < per_period; ++i) {
      const double phase = 2 * M_PI * i / per_period;
      in_phase += light[i] * std::sin(phase);
      quadrature += light[i] * std::cos(phase);
    }
  }
  const int n = (periods - periods / 2) * per_period;
  return 2.0 * std::hypot(in_phase, quadrature) / n / depth;
}

TEST(RateEquationLed, SteadyStateBalancesGenerationAndRecombination) {
  LedSpec led;
  const double bias = led_drive(led).bias_a;
  RateEquationLed model(led, bias);
  EXPECT_NEAR(model.static_light(bias), 1.0, 1e-9);
  const double n = model.carrier_density(bias);
  EXPECT_NEAR(model.current_for_carrier_density(n) / bias, 1.0, 1e-12);
  EXPECT_GT(n, 1e17);
  EXPECT_LT(n, 1e20);
  // More current, more light, faster carriers.
  EXPECT_GT(model.static_light(4e-3), model.static_light(2e-3));
  EXPECT_GT(model.small_signal_f3db_hz(4e-3), model.small_signal_f3db_hz(2e-3));
}

TEST(RateEquationLed, SmallSignalBandwidthMatchesTheLinearModelWithin5Percent) {
  LedSpec led;
  const double bias = led_drive(led).bias_a;
  RateEquationLed model(led, bias);
  const double f3db = model.small_signal_f3db_hz(bias);
  EXPECT_GT(f3db, 0.3e9);
  EXPECT_LT(f3db, 3e9);
  const double dc = small_signal_gain(led, f3db / 100.0);
  // Bisect for the -3 dB frequency of the simulated nonlinear model.
  double lo = f3db / 4, hi = f3db * 4;
  for (int i = 0; i < 30; ++i) {
    const double mid = std::sqrt(lo * hi);
    (small_signal_gain(led, mid) / dc > 1.0 / std::sqrt(2.0) ? lo : hi) = mid;
  }
  const double measured = std::sqrt(lo * hi);
  EXPECT_NEAR(measured / f3db, 1.0, 0.05);
  // The linear model at that bandwidth has the same magnitude response.
  const auto first_order = make_lowpass(FilterShape::kFirstOrder);
  for (double f : {0.3 * f3db, f3db, 2.0 * f3db}) {
    const double linear = std::abs(first_order->response(f3db, f));
    EXPECT_NEAR(small_signal_gain(led, f) / dc, linear, 0.05 * linear) << f;
  }
}

// The bandwidth's current is the inverse of the bandwidth at a current (one source for both).
TEST(RateEquationLed, CurrentForBandwidthInvertsTheSmallSignalBandwidth) {
  LedSpec led;
  RateEquationLed model(led, 1e-3);
  for (double i : {0.2e-3, 1e-3, 2e-3, 5e-3, 20e-3})
    EXPECT_NEAR(model.current_for_f3db(model.small_signal_f3db_hz(i)) / i, 1.0, 1e-9) << i;
  EXPECT_EQ(model.current_for_f3db(0.5 * led.a_per_s / (2 * M_PI)), 0.0);
}

}  // namespace
}  // namespace mosaic::phy

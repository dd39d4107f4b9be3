// The LED-model seam: each model's small-signal bandwidth and response against its closed form,
// what it tells the engines (linearity, precursor room, assumptions) and the derated nominal
// bandwidth.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/led_response.hpp"
#include "mosaic/phy/lowpass.hpp"
#include "mosaic/phy/rate_equation_led.hpp"
#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {
namespace {

TEST(LedResponse, LinearIsItsLowPassShape) {
  for (FilterShape shape :
       {FilterShape::kFirstOrder, FilterShape::kGaussian, FilterShape::kIdeal}) {
    LedSpec led;
    led.filter = shape;
    const auto m = make_led_response(led);
    EXPECT_EQ(m->small_signal_f3db_hz(), led.f3db_ghz * 1e9);
    EXPECT_TRUE(m->linear());
    EXPECT_TRUE(m->assumption().empty());
    const auto lp = make_lowpass(shape);
    for (double f : {0.0, 3e8, 1.1e9, 4e9})
      EXPECT_EQ(m->transfer(0.8e9, f), lp->response(0.8e9, f));
    EXPECT_EQ(m->zero_phase_rms_s(0.8e9), lp->zero_phase_rms_s(0.8e9));
  }
  LedSpec gaussian;
  gaussian.filter = FilterShape::kGaussian;
  EXPECT_NEAR(make_led_response(gaussian)->zero_phase_rms_s(1e9),
              std::sqrt(std::numbers::ln2) / (2 * std::numbers::pi * 1e9), 1e-24);
}

// Linearised at its bias the rate equation is first order at its small-signal bandwidth.
TEST(LedResponse, RateEquationIsFirstOrderAtItsSmallSignalBandwidth) {
  LedSpec led;
  led.model = LedModel::kRateEquation;
  led.filter = FilterShape::kGaussian;  // not read by this model
  const auto m = make_led_response(led);
  const double bias = m->drive().bias_a;
  const double f3db = RateEquationLed(led, bias).small_signal_f3db_hz(bias);
  EXPECT_EQ(m->small_signal_f3db_hz(), f3db);
  EXPECT_NEAR(std::norm(m->transfer(f3db, f3db)), 0.5, 1e-12);
  EXPECT_NEAR(std::arg(m->transfer(f3db, f3db)), -std::numbers::pi / 4, 1e-12);
  EXPECT_EQ(m->zero_phase_rms_s(f3db), 0.0);
  EXPECT_FALSE(m->linear());
  EXPECT_FALSE(m->assumption().empty());
}

TEST(LedResponse, NominalBandwidthIsDerated) {
  for (LedModel model : {LedModel::kLinear, LedModel::kRateEquation}) {
    LinkSpec s = preset("800g");
    s.led.model = model;
    s.environment.case_temperature_c = 85.0;
    EXPECT_DOUBLE_EQ(nominal_led_f3db_hz(s), make_led_response(s.led)->small_signal_f3db_hz() *
                                                 (1.0 + s.led.bandwidth_tc_per_k * 60.0));
    EXPECT_EQ(nominal_led_f3db_hz(s), make_led_response(s.led)->small_signal_f3db_hz() *
                                          temperature_derating(s).led_bandwidth_factor);
  }
}

}  // namespace
}  // namespace mosaic::phy

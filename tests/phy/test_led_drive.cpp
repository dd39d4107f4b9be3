// The LED's electrical side: the drive currents a launch costs through the ABC efficiency, the
// forward voltage, and the current density a bandwidth costs, each against a closed form computed
// here independently of the library (bisection on the cubic, the quadratic of the bandwidth).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/led_drive.hpp"
#include "mosaic/phy/led_response.hpp"

namespace mosaic::phy {
namespace {

constexpr double kQ = 1.602176634e-19;

struct Abc {
  double a, b, c, area_cm2, d_cm;
  explicit Abc(const LedSpec& led)
      : a(led.a_per_s),
        b(led.b_cm3_per_s),
        c(led.c_cm6_per_s),
        area_cm2(std::numbers::pi * std::pow(0.5 * led.diameter_um * 1e-4, 2)),
        d_cm(led.active_thickness_nm * 1e-7) {}
  double r(double n) const { return a * n + b * n * n + c * n * n * n; }
  // Steady carriers at a current, by plain bisection on the cubic.
  double n_of(double i_a) const {
    const double g = i_a / (kQ * d_cm * area_cm2);
    double lo = 0.0, hi = 1e22;
    for (int k = 0; k < 300; ++k) (r(0.5 * (lo + hi)) < g ? lo : hi) = 0.5 * (lo + hi);
    return 0.5 * (lo + hi);
  }
  double iqe(double i_a) const {
    const double n = n_of(i_a);
    return b * n * n / r(n);
  }
  // Current density (A/cm^2) whose small-signal bandwidth is f: 3 C n^2 + 2 B n + A = 2 pi f.
  double j_of_f3db(double f) const {
    const double w = 2 * std::numbers::pi * f;
    const double n = (-2 * b + std::sqrt(4 * b * b - 12 * c * (a - w))) / (6 * c);
    return kQ * d_cm * r(n);
  }
};

// Emitted power at a current: extraction x IQE x photon energy / q x I.
double power_w(const LedSpec& led, const Abc& abc, double i_a) {
  const double photon_ev = 1239.84198 / led.wavelength_nm;
  return led.extraction_efficiency * abc.iqe(i_a) * photon_ev * i_a;
}

TEST(LedDrive, LevelsGiveTheLaunchAndTheExtinctionRatio) {
  for (double dbm : {-7.0, -5.0, 0.0, 3.0}) {
    LedSpec led;
    led.launch_power_dbm = dbm;
    const LedDrive d = led_drive(led);
    const Abc abc(led);
    const double p0 = power_w(led, abc, d.low_a);
    const double p1 = power_w(led, abc, d.high_a);
    EXPECT_NEAR(0.5 * (p0 + p1) / (1e-3 * std::pow(10.0, dbm / 10)), 1.0, 1e-6) << dbm;
    EXPECT_NEAR(p1 / p0, std::pow(10.0, led.extinction_ratio_db / 10), 1e-5) << dbm;
    EXPECT_NEAR(d.launch_w, 0.5 * (p0 + p1), 1e-6 * d.launch_w);
    EXPECT_DOUBLE_EQ(d.bias_a, 0.5 * (d.low_a + d.high_a));
    EXPECT_DOUBLE_EQ(d.modulation_a, d.high_a - d.low_a);
    EXPECT_NEAR(d.iqe, abc.iqe(d.bias_a), 1e-9);
    EXPECT_NEAR(d.eqe, led.extraction_efficiency * d.iqe, 1e-12);
    EXPECT_NEAR(d.heat_w, d.electrical_w - d.launch_w, 1e-15);
    EXPECT_FALSE(d.bandwidth_limited);
  }
}

// The fitted default pixel (docs/power.md): an optimistic microLED whose 0 dBm costs what the
// published analog budget allows, EQE about 0.69 and 1 mW of light for about 1.7 mW of drive.
TEST(LedDrive, DefaultPixelIsTheFittedOptimisticMicroLed) {
  const LedDrive d = led_drive(LedSpec{});
  EXPECT_GT(d.eqe, 0.6);
  EXPECT_LT(d.eqe, 0.75);
  EXPECT_GT(d.electrical_w / d.launch_w, 1.5);
  EXPECT_LT(d.electrical_w / d.launch_w, 2.0);
  // The 0 dBm launch's drive is about as fast as the linear default (1.1 GHz).
  EXPECT_NEAR(d.f3db_hz / 1.1e9, 1.0, 0.1);
  std::printf(
      "0 dBm: %.3f / %.3f mA (bias %.3f, %.0f A/cm^2), EQE %.3f, %.2f / %.2f V, "
      "%.2f mW electrical, %.2f mW heat, %.3f GHz\n",
      d.low_a * 1e3, d.high_a * 1e3, d.bias_a * 1e3, d.current_density_a_per_m2 * 1e-4, d.eqe,
      d.low_v, d.high_v, d.electrical_w * 1e3, d.heat_w * 1e3, d.f3db_hz * 1e-9);
}

TEST(LedDrive, ForwardVoltageIsTheDiodeLawWithSeriesResistance) {
  LedSpec led;
  const double area_cm2 = std::numbers::pi * std::pow(0.5 * led.diameter_um * 1e-4, 2);
  const double vt = 1.380649e-23 * 298.15 / kQ;
  for (double i : {1e-6, 1e-4, 1e-3, 5e-3}) {
    const double expected =
        led.ideality_factor * vt *
            std::log(1 + i / area_cm2 / led.saturation_current_density_a_per_cm2) +
        i * led.series_resistance_ohm_cm2 / area_cm2;
    EXPECT_NEAR(led_forward_voltage_v(led, i), expected, 1e-9) << i;
  }
  // 3.5 um mesa: about 208 ohm of series resistance; about 2.6 V at 1 A/cm^2.
  EXPECT_NEAR(led.series_resistance_ohm_cm2 / area_cm2, 207.9, 0.1);
  EXPECT_NEAR(led_forward_voltage_v(led, area_cm2) - led.series_resistance_ohm_cm2, 2.60, 0.01);
}

// Droop: efficiency peaks where A n = C n^2 and falls beyond; the launch costs superlinearly more.
TEST(LedDrive, EfficiencyDroopsAtHighCurrentDensity) {
  LedSpec led;
  const Abc abc(led);
  const double n_peak = std::sqrt(led.a_per_s / led.c_cm6_per_s);
  const double i_peak = kQ * abc.d_cm * abc.area_cm2 * abc.r(n_peak);
  EXPECT_GT(abc.iqe(i_peak), abc.iqe(0.3 * i_peak));
  EXPECT_GT(abc.iqe(i_peak), abc.iqe(3.0 * i_peak));
  led.launch_power_dbm = 0.0;
  const double e0 = led_drive(led).electrical_w;
  led.launch_power_dbm = 3.0;
  EXPECT_GT(led_drive(led).electrical_w / e0, 2.0);  // droop and series resistance
}

// A linear LED that claims a bandwidth pays for it: the bias is the current density the rate
// equation needs for that bandwidth. The 3.2T design's doubled bandwidth (2.2 GHz) needs 3.46 times
// the current density of 1.1 GHz.
TEST(LedDrive, DoublingTheBandwidthCostsTheRateEquationsCurrentDensity) {
  const LinkSpec s800 = preset("800g");
  const LinkSpec s3200 = preset("3.2t");
  const Abc abc(s800.led);
  const double j_1g1 = abc.j_of_f3db(1.1e9);
  const double j_2g2 = abc.j_of_f3db(2.2e9);
  EXPECT_NEAR(j_2g2 / j_1g1, 3.46, 0.01);
  const LedDrive fast = make_led_response(s3200.led)->drive();
  EXPECT_TRUE(fast.bandwidth_limited);
  EXPECT_NEAR(fast.current_density_a_per_m2 * 1e-4 / j_2g2, 1.0, 1e-6);
  EXPECT_NEAR(fast.f3db_hz / 2.2e9, 1.0, 1e-6);
  EXPECT_GT(fast.launch_w, 1e-3);  // more light than the 0 dBm the budget assumes
  // The 800G design's 1.1 GHz is paid for by its 0 dBm launch already.
  const LedDrive slow = make_led_response(s800.led)->drive();
  EXPECT_FALSE(slow.bandwidth_limited);
  EXPECT_GE(slow.current_density_a_per_m2 * 1e-4, j_1g1);
  EXPECT_GT(fast.electrical_w / slow.electrical_w, 3.46);
  std::printf(
      "J(1.1 GHz) %.0f A/cm^2, J(2.2 GHz) %.0f A/cm^2 (x%.2f); 800g %.2f mW, 3.2t %.2f mW "
      "per LED\n",
      j_1g1, j_2g2, j_2g2 / j_1g1, slow.electrical_w * 1e3, fast.electrical_w * 1e3);
}

// The rate-equation model's bandwidth is its drive's: more launch, more current density, faster.
TEST(LedDrive, RateEquationBandwidthFollowsTheLaunch) {
  LedSpec led;
  led.model = LedModel::kRateEquation;
  double last = 0.0;
  for (double dbm : {-7.0, -4.0, -1.0, 2.0}) {
    led.launch_power_dbm = dbm;
    const auto m = make_led_response(led);
    EXPECT_EQ(m->small_signal_f3db_hz(), m->drive().f3db_hz);
    EXPECT_EQ(m->drive().bandwidth_bias_a, 0.0);
    EXPECT_GT(m->small_signal_f3db_hz(), last);
    last = m->small_signal_f3db_hz();
  }
}

}  // namespace
}  // namespace mosaic::phy

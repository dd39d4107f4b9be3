// The drive model of the analog block (power.analog_model = drive, the default): the launch is
// paid for. The published 1.2 W analog + microLED budget as the calibration point, the
// LED's cost of +3 dB of launch against an independent computation of the efficiency model, the
// receiver's laws, and the watts a design shows when its launch or bandwidth costs more.
#include "mosaic/power/channel_power.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/validate.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/power/power_budget.hpp"

namespace mosaic::power {
namespace {

double channel_block_w(const PowerBudget& b, const std::string& name) {
  for (const auto& blk : b.blocks)
    if (blk.name == name) return blk.w;
  ADD_FAILURE() << "no block " << name;
  return 0.0;
}

LinkSpec drive_design(const char* name = "800g") {
  LinkSpec s = preset(name);
  s.power.analog_model = AnalogPowerModel::kDrive;
  s.led.model = LedModel::kRateEquation;  // the bandwidth follows from the drive
  return s;
}

// The published analog block (1.2 W over 410 powered channels, 2.93 mW each) is what the default
// 800G design's drive costs at its own 0 dBm launch: the fitted pixel's calibration point
// (docs/power.md). The rate-equation LED, whose bandwidth follows the drive, puts the launch the
// budget pays for at 0 dBm.
constexpr double kPublishedAnalogW = 1.2;
constexpr double kPaidLaunchDbm = 0.0;

TEST(ChannelPower, PublishedAnalogBudgetIsACalibrationPoint) {
  const PowerBudget b = budget(preset("800g"));  // drive model, linear LED, 0 dBm
  ASSERT_TRUE(b.channel.has_value());
  EXPECT_NEAR(channel_block_w(b, "analog_frontend"), kPublishedAnalogW, 0.02 * kPublishedAnalogW);
  EXPECT_NEAR(b.per_end_w, 5.3, 0.02 * 5.3);
  LinkSpec cpo = preset("800g");
  cpo.module.host_interface = HostInterface::kCoPackaged;
  EXPECT_NEAR(budget(cpo).per_end_w, 3.1, 0.05 * 3.1);
  const std::optional<double> paid = launch_paid_by(drive_design(), kPublishedAnalogW / 410.0);
  ASSERT_TRUE(paid.has_value());
  std::printf("1.2 W / 410 channels pays for %.3f dBm (rate-equation LED)\n", *paid);
  EXPECT_NEAR(*paid, kPaidLaunchDbm, 0.02);
  const ChannelPower& c = *b.channel;
  std::printf(
      "0 dBm: LED %.3f mW, driver %.3f mW, TIA %.3f mW, LA %.3f mW, CTLE %.3f mW, "
      "fixed %.3f mW; bias %.3f mA at %.3f GHz; rail %.2f V; %.3f W analog, %.3f W per "
      "end\n",
      c.led_w * 1e3, c.driver_w * 1e3, c.tia_w * 1e3, c.limiting_amp_w * 1e3, c.ctle_w * 1e3,
      c.fixed_w * 1e3, b.led_drive->bias_a * 1e3, b.led_drive->f3db_hz * 1e-9, c.led_rail_v,
      channel_block_w(b, "analog_frontend"), b.per_end_w);
}

// A linear LED pays for its bandwidth whatever its launch: below 0 dBm the fitted pixel's
// 1.1 GHz needs the rate equation's current density, so a dimmer launch saves nothing.
TEST(ChannelPower, LinearLedBandwidthSetsAFloor) {
  LinkSpec s = preset("800g");
  const double at_0dbm = channel_block_w(budget(s), "analog_frontend");
  s.led.launch_power_dbm = -10.0;
  const PowerBudget b = budget(s);
  EXPECT_TRUE(b.led_drive->bandwidth_limited);
  EXPECT_GT(channel_block_w(b, "analog_frontend"), 0.99 * at_0dbm);
  EXPECT_NEAR(b.led_drive->f3db_hz / 1.1e9, 1.0, 1e-6);
}

// Independent of the library: steady carriers by bisection on the ABC cubic, emitted power, the
// currents of the two levels, the diode law; the LED's mean I V at a launch.
double expected_led_w(const LedSpec& led, double launch_dbm) {
  constexpr double q = 1.602176634e-19;
  const double area_cm2 = std::numbers::pi * std::pow(0.5 * led.diameter_um * 1e-4, 2);
  const double d_cm = led.active_thickness_nm * 1e-7;
  const double photon_ev = 1239.84198 / led.wavelength_nm;
  auto r = [&](double n) {
    return n * (led.a_per_s + n * (led.b_cm3_per_s + n * led.c_cm6_per_s));
  };
  // P(n) = extraction B n^2 volume photon energy; the current that holds n is q d A r(n).
  auto current_for_power = [&](double p_w) {
    const double radiative = p_w / (led.extraction_efficiency * area_cm2 * d_cm * photon_ev * q);
    double lo = 0.0, hi = 1e21;
    for (int i = 0; i < 300; ++i)
      (led.b_cm3_per_s * std::pow(0.5 * (lo + hi), 2) < radiative ? lo : hi) = 0.5 * (lo + hi);
    return q * d_cm * area_cm2 * r(0.5 * (lo + hi));
  };
  auto volts = [&](double i) {
    return led.ideality_factor * 1.380649e-23 * 298.15 / q *
               std::log(1 + i / area_cm2 / led.saturation_current_density_a_per_cm2) +
           i * led.series_resistance_ohm_cm2 / area_cm2;
  };
  const double p = 1e-3 * std::pow(10.0, launch_dbm / 10);
  const double er = std::pow(10.0, led.extinction_ratio_db / 10);
  const double i0 = current_for_power(2 * p / (er + 1));
  const double i1 = current_for_power(2 * p * er / (er + 1));
  return 0.5 * (i0 * volts(i0) + i1 * volts(i1));
}

// +3 dB of launch costs the LED what the efficiency model says: more than twice, since the
// efficiency droops and the series resistance drops more at the higher current.
TEST(ChannelPower, ThreeDbMoreLaunchCostsTheEfficiencyModelsAmount) {
  for (double launch : {-3.0, 0.0}) {
    LinkSpec s = drive_design();
    s.led.launch_power_dbm = launch;
    const double before = budget(s).channel->led_w;
    s.led.launch_power_dbm = launch + 3.0;
    const PowerBudget after = budget(s);
    const double expected = expected_led_w(s.led, launch + 3.0) / expected_led_w(s.led, launch);
    std::printf("%+.2f -> %+.2f dBm: LED power x%.3f (expected x%.3f)\n", launch, launch + 3,
                after.channel->led_w / before, expected);
    EXPECT_NEAR(after.channel->led_w / before, expected, 1e-6 * expected);
    EXPECT_NEAR(after.channel->led_w, expected_led_w(s.led, launch + 3.0), 1e-9);
    EXPECT_GT(expected, 2.1);
    EXPECT_NEAR(channel_block_w(after, "analog_frontend"), 410 * after.channel->total_w(), 1e-12);
  }
}

// A launch the budget cannot pay for shows in watts per end: +3 dBm on the default design costs
// more than 1.7 times the published analog block, and the DC-DC converter carries the extra load.
TEST(ChannelPower, UnpaidLaunchIsNotCheap) {
  const PowerBudget published = budget(preset("800g"));
  LinkSpec s = preset("800g");
  s.led.launch_power_dbm = 3.0;
  const PowerBudget bright = budget(s);
  EXPECT_GT(channel_block_w(bright, "analog_frontend"),
            1.7 * channel_block_w(published, "analog_frontend"));
  EXPECT_GT(bright.per_end_w, published.per_end_w + 1.0);
  EXPECT_GT(channel_block_w(bright, "controller_dcdc"),
            channel_block_w(published, "controller_dcdc"));
  std::printf("+3 dBm: analog %.2f W, %.2f W per end (0 dBm: %.2f W, %.2f W)\n",
              channel_block_w(bright, "analog_frontend"), bright.per_end_w,
              channel_block_w(published, "analog_frontend"), published.per_end_w);
}

// A launch beyond what the pixel gives below its highest current density is refused, naming the
// key, the value and the highest launch allowed.
TEST(ChannelPower, ImpossibleLaunchIsRefused) {
  LinkSpec s = preset("800g");
  s.led.launch_power_dbm = 12.0;
  try {
    validate_design(s, DesignUse{});
    ADD_FAILURE() << "a 12 dBm launch was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "led.launch_power_dbm");
    EXPECT_NE(e.value().find("12"), std::string::npos);
    EXPECT_NE(e.allowed().find("at most"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("led.max_current_density_a_per_cm2"), std::string::npos);
    std::printf("%s\n", e.what());
  }
  s.led.launch_power_dbm = 3.0;
  EXPECT_NO_THROW(validate_design(s, DesignUse{}));
}

// The receiver's first-order laws: the TIA's input device, CML stages for the limiting amplifier
// and the CTLE; twice the bandwidth, twice the receiver power.
TEST(ChannelPower, ReceiverFollowsBandwidthSwingAndSupply) {
  LinkSpec s = drive_design();
  const PowerSpec& p = s.power;
  const ChannelPower c = channel_power(s, nominal_drive(s));
  const double w = 2 * std::numbers::pi;
  // The input capacitance is the f^2 noise term's: the pixel's depletion capacitance plus the
  // TIA's own, eps_0 eps_Si (fill x pitch)^2 / w + C_tia.
  const double side_m = s.array.photodiode_fill * s.array.pitch_um * 1e-6;
  const double c_in_f = 8.8541878128e-12 * 11.7 * side_m * side_m / (s.rx.depletion_um * 1e-6) +
                        s.rx.tia_input_capacitance_pf * 1e-12;
  EXPECT_NEAR(c.tia_w,
              p.rx_supply_v * w * s.rx.bandwidth_ghz * 1e9 * c_in_f / p.rx_gm_over_id_per_v, 1e-15);
  const double swing = std::max(p.rx_swing_v, 2 * p.rx_stage_gain / p.rx_gm_over_id_per_v);
  EXPECT_NEAR(c.limiting_amp_w,
              p.rx_supply_v * p.rx_gain_stages * w * s.rx.bandwidth_ghz * 1e9 *
                  p.rx_stage_capacitance_ff * 1e-15 * swing,
              1e-15);
  EXPECT_NEAR(c.ctle_w,
              p.rx_supply_v * w * s.rx.ctle_pole_ghz * 1e9 * p.rx_stage_capacitance_ff * 1e-15 *
                  std::max(p.rx_swing_v, 2.0 / p.rx_gm_over_id_per_v),
              1e-15);
  LinkSpec fast = s;
  fast.rx.bandwidth_ghz *= 2;
  fast.rx.ctle_pole_ghz *= 2;
  const ChannelPower f = channel_power(fast, nominal_drive(fast));
  EXPECT_NEAR(f.receiver_w() - f.fixed_w, 2 * (c.receiver_w() - c.fixed_w), 1e-15);
  s.rx.ctle = false;
  EXPECT_EQ(channel_power(s, nominal_drive(s)).ctle_w, 0.0);
}

// The 3.2T preset's faster LEDs (2.2 GHz) and receivers are paid for: its LEDs need the rate
// equation's current density for that bandwidth.
TEST(ChannelPower, FasterLedsAndReceiversCostPower) {
  LinkSpec s800 = preset("800g");
  LinkSpec s3200 = preset("3.2t");
  s800.power.analog_model = s3200.power.analog_model = AnalogPowerModel::kDrive;
  const PowerBudget a = budget(s800);
  const PowerBudget b = budget(s3200);
  EXPECT_FALSE(a.led_drive->bandwidth_limited);
  EXPECT_TRUE(b.led_drive->bandwidth_limited);
  EXPECT_GT(b.channel->led_w / a.channel->led_w, 2.78);
  EXPECT_NEAR(b.channel->receiver_w() - b.channel->fixed_w,
              2 * (a.channel->receiver_w() - a.channel->fixed_w), 1e-12);
  std::printf(
      "per channel: 800g %.2f mW (LED %.2f), 3.2t %.2f mW (LED %.2f); per end %.2f / %.2f W\n",
      a.channel->total_w() * 1e3, a.channel->led_w * 1e3, b.channel->total_w() * 1e3,
      b.channel->led_w * 1e3, a.per_end_w, b.per_end_w);
}

// The drive law is the presets' default; the published per-bit law stays for comparison and
// reads no drive.
TEST(ChannelPower, DriveLawIsTheDefaultPerBitKeptForComparison) {
  for (const auto& name : preset_names()) EXPECT_TRUE(budget(preset(name)).channel.has_value());
  LinkSpec s = preset("800g");
  s.power.analog_model = AnalogPowerModel::kPerBit;
  const PowerBudget b = budget(s);
  EXPECT_FALSE(b.channel.has_value());
  EXPECT_FALSE(b.led_drive.has_value());
  EXPECT_NEAR(channel_block_w(b, "analog_frontend"), 410 * (1.0 + 0.9 * s.channel.rate_gbps) * 1e-3,
              1e-12);
}

}  // namespace
}  // namespace mosaic::power

// The drive model of the analog block (power.analog_model = drive): the launch is paid for. The
// published 1.2 W analog + microLED budget as a calibration point (the launch it pays for), the
// LED's cost of +3 dB of launch against an independent computation of the efficiency model, the
// receiver's laws, and the watts a design shows when its launch or bandwidth costs more.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/power/channel_power.hpp"
#include "mosaic/power/power_budget.hpp"

namespace mosaic::power {
namespace {

double block_w(const PowerBudget& b, const std::string& name) {
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

// The launch the published analog budget (1.2 W over 410 powered channels, 2.93 mW each) pays
// for, docs/power.md: about -5.4 dBm (the rate-equation LED then runs at about 0.44 GHz).
constexpr double kPublishedAnalogW = 1.2;
constexpr double kPaidLaunchDbm = -5.39;

TEST(ChannelPower, PublishedAnalogBudgetIsACalibrationPoint) {
  LinkSpec s = drive_design();
  const std::optional<double> paid = launch_paid_by(s, kPublishedAnalogW / 410.0);
  ASSERT_TRUE(paid.has_value());
  std::printf("1.2 W / 410 channels pays for %.3f dBm\n", *paid);
  EXPECT_NEAR(*paid, kPaidLaunchDbm, 0.02);
  s.led.launch_power_dbm = kPaidLaunchDbm;
  const PowerBudget b = budget(s);
  EXPECT_NEAR(block_w(b, "analog_frontend"), kPublishedAnalogW, 0.005 * kPublishedAnalogW);
  EXPECT_NEAR(b.per_end_w, 5.3, 0.05 * 5.3);
  s.module.host_interface = HostInterface::kCoPackaged;
  EXPECT_NEAR(budget(s).per_end_w, 3.1, 0.05 * 3.1);
  const ChannelPower& c = *b.channel;
  std::printf("at %.2f dBm: LED %.3f mW, driver %.3f mW, TIA %.3f mW, LA %.3f mW, CTLE %.3f mW, "
              "fixed %.3f mW; bias %.3f mA at %.3f GHz; rail %.2f V; %.2f W per end\n",
              kPaidLaunchDbm, c.led_w * 1e3, c.driver_w * 1e3, c.tia_w * 1e3,
              c.limiting_amp_w * 1e3, c.ctle_w * 1e3, c.fixed_w * 1e3, b.led_drive->bias_a * 1e3,
              b.led_drive->f3db_hz * 1e-9, c.led_rail_v, b.per_end_w);
}

// The published 1.1 GHz linear LED cannot be paid for by that budget at any launch: its bandwidth
// alone needs the rate equation's current density.
TEST(ChannelPower, LinearLedBandwidthAloneOutrunsThePublishedBudget) {
  LinkSpec s = preset("800g");
  s.power.analog_model = AnalogPowerModel::kDrive;
  EXPECT_FALSE(launch_paid_by(s, kPublishedAnalogW / 410.0).has_value());
  s.led.launch_power_dbm = -40.0;
  const PowerBudget b = budget(s);
  EXPECT_TRUE(b.led_drive->bandwidth_limited);
  EXPECT_GT(block_w(b, "analog_frontend"), 2.0 * kPublishedAnalogW);
}

// Independent of the library: steady carriers by bisection on the ABC cubic, emitted power, the
// currents of the two levels, the diode law; the LED's mean I V at a launch.
double expected_led_w(const LedSpec& led, double launch_dbm) {
  constexpr double q = 1.602176634e-19;
  const double area_cm2 = std::numbers::pi * std::pow(0.5 * led.diameter_um * 1e-4, 2);
  const double d_cm = led.active_thickness_nm * 1e-7;
  const double photon_ev = 1239.84198 / led.wavelength_nm;
  auto r = [&](double n) { return n * (led.a_per_s + n * (led.b_cm3_per_s + n * led.c_cm6_per_s)); };
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
  for (double launch : {kPaidLaunchDbm, 0.0}) {
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
    EXPECT_NEAR(block_w(after, "analog_frontend"), 410 * after.channel->total_w(), 1e-12);
  }
}

// A launch the budget cannot pay for shows in watts per end: 0 dBm costs several times the
// published analog block.
TEST(ChannelPower, UnpaidLaunchIsNotCheap) {
  LinkSpec s = drive_design();
  const PowerBudget per_bit = budget(preset("800g"));
  const PowerBudget paid = budget(s);  // 0 dBm, the preset's launch
  EXPECT_GT(block_w(paid, "analog_frontend"), 3.0 * block_w(per_bit, "analog_frontend"));
  EXPECT_GT(paid.per_end_w, per_bit.per_end_w + 3.0);
  // The DC-DC converter carries the extra load too.
  EXPECT_GT(block_w(paid, "controller_dcdc"), block_w(per_bit, "controller_dcdc"));
  std::printf("0 dBm: analog %.2f W, %.2f W per end (published law: %.2f W, %.2f W)\n",
              block_w(paid, "analog_frontend"), paid.per_end_w, block_w(per_bit, "analog_frontend"),
              per_bit.per_end_w);
}

// The receiver's first-order laws: the TIA's input device, CML stages for the limiting amplifier
// and the CTLE; twice the bandwidth, twice the receiver power.
TEST(ChannelPower, ReceiverFollowsBandwidthSwingAndSupply) {
  LinkSpec s = drive_design();
  const PowerSpec& p = s.power;
  const ChannelPower c = channel_power(s, nominal_drive(s));
  const double w = 2 * std::numbers::pi;
  EXPECT_NEAR(c.tia_w,
              p.rx_supply_v * w * s.rx.bandwidth_ghz * 1e9 * p.tia_input_capacitance_pf * 1e-12 /
                  p.rx_gm_over_id_per_v,
              1e-15);
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
  EXPECT_NEAR(b.channel->receiver_w() - b.channel->fixed_w, 2 * (a.channel->receiver_w() - a.channel->fixed_w), 1e-12);
  std::printf("per channel: 800g %.2f mW (LED %.2f), 3.2t %.2f mW (LED %.2f); per end %.2f / %.2f W\n",
              a.channel->total_w() * 1e3, a.channel->led_w * 1e3, b.channel->total_w() * 1e3,
              b.channel->led_w * 1e3, a.per_end_w, b.per_end_w);
}

TEST(ChannelPower, PerBitLawIsTheDefaultAndReadsNoDrive) {
  const PowerBudget b = budget(preset("800g"));
  EXPECT_FALSE(b.channel.has_value());
  EXPECT_FALSE(b.led_drive.has_value());
}

}  // namespace
}  // namespace mosaic::power

// The TIA's input from the pixel and the input stage: the photodiode's capacitance, the input
// device's voltage noise, their temperature laws, and the f^2 term they add to the noise.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/receiver_input.hpp"
#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {
namespace {

constexpr double kEps0 = 8.8541878128e-12;
constexpr double kBoltzmann = 1.380649e-23;
constexpr double kT0 = 298.15;

// A parallel-plate photodiode: eps_0 eps_Si A / w, for the module's 40 um pixel at 1.5 um.
TEST(ReceiverInput, PhotodiodeCapacitanceIsTheParallelPlateClosedForm) {
  LinkSpec s = preset("800g");
  const ReceiverInput in = receiver_input(s);
  const double side = s.array.photodiode_fill * s.array.pitch_um * 1e-6;
  EXPECT_NEAR(in.photodiode_pf, kEps0 * 11.7 * side * side / 1.5e-6 * 1e12, 1e-12);
  EXPECT_NEAR(in.photodiode_pf, 0.1105, 0.0005);  // 0.08-0.33 pF for such pixels
  EXPECT_NEAR(in.capacitance_pf, in.photodiode_pf + s.rx.tia_input_capacitance_pf, 1e-12);
  EXPECT_TRUE(in.capacitance_derived);
  // A quarter of the area (half the pitch) is a quarter of the capacitance; a thinner depletion
  // layer more of it.
  s.array.pitch_um = 25.0;
  EXPECT_NEAR(receiver_input(s).photodiode_pf, in.photodiode_pf / 4.0, 1e-12);
  s.rx.depletion_um = 0.75;
  EXPECT_NEAR(receiver_input(s).photodiode_pf, in.photodiode_pf / 2.0, 1e-12);
  // An explicit capacitance wins, and 0 pF turns the term off.
  s.rx.input_capacitance_pf = 0.3;
  EXPECT_DOUBLE_EQ(receiver_input(s).capacitance_pf, 0.3);
  EXPECT_FALSE(receiver_input(s).capacitance_derived);
}

// The input device's thermal voltage noise at gm = 2 pi f_rx C_in: 4 k T gamma / gm (MOS,
// gamma = 2/3) and 2 k T / gm (bipolar).
TEST(ReceiverInput, VoltageNoiseFollowsTheInputDevicesTransconductance) {
  LinkSpec s = preset("800g");
  const ReceiverInput mos = receiver_input(s);
  const double gm = 2 * std::numbers::pi * s.rx.bandwidth_ghz * 1e9 * mos.capacitance_pf * 1e-12;
  EXPECT_NEAR(mos.transconductance_s, gm, 1e-15);
  EXPECT_NEAR(mos.voltage_noise_nv_rthz, std::sqrt(8.0 / 3.0 * kBoltzmann * kT0 / gm) * 1e9, 1e-9);
  EXPECT_NEAR(mos.voltage_noise_nv_rthz, 2.88, 0.01);
  s.rx.input_stage = InputStage::kBipolar;
  EXPECT_NEAR(receiver_input(s).voltage_noise_nv_rthz, std::sqrt(2.0 * kBoltzmann * kT0 / gm) * 1e9,
              1e-9);
  // A wider receiver sizes a stronger device: less voltage noise, as 1 / sqrt(f_rx).
  s.rx.input_stage = InputStage::kMos;
  s.rx.bandwidth_ghz *= 4.0;
  EXPECT_NEAR(receiver_input(s).voltage_noise_nv_rthz, mos.voltage_noise_nv_rthz / 2.0, 1e-9);
  s.rx.voltage_noise_nv_rthz = 1.0;
  EXPECT_DOUBLE_EQ(receiver_input(s).voltage_noise_nv_rthz, 1.0);
}

// The laws per input stage, at the edges of the rated range and beyond it.
TEST(ReceiverInput, TemperatureLawsPerInputStage) {
  for (double t : {-40.0, 25.0, 55.0, 85.0, 125.0}) {
    const double ratio = (t + 273.15) / kT0;
    EXPECT_NEAR(current_noise_temperature_factor(InputStage::kMos, t), std::pow(ratio, 1.25),
                1e-12);
    EXPECT_NEAR(current_noise_temperature_factor(InputStage::kBipolar, t), std::sqrt(ratio), 1e-12);
    EXPECT_NEAR(voltage_noise_temperature_factor(InputStage::kMos, t), std::pow(ratio, 1.25),
                1e-12);
    EXPECT_NEAR(voltage_noise_temperature_factor(InputStage::kBipolar, t), ratio, 1e-12);
  }
  // At 85 degC a MOS stage's noise is 14.7 % above a bipolar one's: about 0.6 dB of optical
  // sensitivity on a noise-limited channel.
  EXPECT_NEAR(current_noise_temperature_factor(InputStage::kMos, 85.0) /
                  current_noise_temperature_factor(InputStage::kBipolar, 85.0),
              1.147, 0.001);
}

// The f^2 term in the receiver's noise: sigma^2 = i_w^2 B_n + (2 pi C e_n)^2 Int f^2 |H|^2 df,
// each from the resolved spec the evaluator runs on.
TEST(ReceiverInput, F2NoiseAddsItsClosedFormVariance) {
  LinkSpec s = preset("800g");
  s.rx.noise = NoiseModel::kThermal;
  const LinkEvaluator with(s);
  LinkSpec off = s;
  off.rx.input_capacitance_pf = 0.0;
  const LinkEvaluator without(off);
  const LinkSpec& r = with.spec();
  ASSERT_TRUE(r.rx.input_capacitance_pf && r.rx.voltage_noise_nv_rthz);
  const double k = 2 * std::numbers::pi * *r.rx.input_capacitance_pf * 1e-12 *
                   *r.rx.voltage_noise_nv_rthz * 1e-9;
  const double white = r.rx.noise_density_pa_rthz * 1e-12;
  EXPECT_NEAR(with.thermal_sigma_a() * with.thermal_sigma_a(),
              white * white * with.chain().noise_bandwidth_hz() +
                  k * k * with.chain().f2_noise_integral_hz3(),
              1e-6 * with.thermal_sigma_a() * with.thermal_sigma_a());
  EXPECT_NEAR(without.thermal_sigma_a(), white * std::sqrt(without.chain().noise_bandwidth_hz()),
              1e-9 * without.thermal_sigma_a());
  // Through the CTLE's peaking the term is far from negligible on the module.
  EXPECT_GT(with.thermal_sigma_a(), 1.05 * without.thermal_sigma_a());
  // At 85 degC the resolved spec carries the stage's laws on both densities.
  s.environment.case_temperature_c = 85.0;
  const LinkSpec hot = at_case_temperature(s);
  EXPECT_NEAR(*hot.rx.voltage_noise_nv_rthz / *r.rx.voltage_noise_nv_rthz,
              voltage_noise_temperature_factor(InputStage::kMos, 85.0), 1e-12);
  EXPECT_NEAR(hot.rx.noise_density_pa_rthz / r.rx.noise_density_pa_rthz,
              current_noise_temperature_factor(InputStage::kMos, 85.0), 1e-12);
}

// The presets: the module samples on a forwarded clock with a MOS input stage; the prototype's
// lab receiver recovers every channel's clock on a bipolar TIA.
TEST(ReceiverInput, PresetsClockAndInputStage) {
  for (const char* name : {"800g", "1.6t", "3.2t"}) {
    EXPECT_EQ(preset(name).rx.clock, ClockMode::kForwardedClock) << name;
    EXPECT_EQ(preset(name).rx.input_stage, InputStage::kMos) << name;
    EXPECT_FALSE(preset(name).rx.input_capacitance_pf.has_value()) << name;
  }
  EXPECT_EQ(preset("prototype").rx.clock, ClockMode::kCdr);
  EXPECT_EQ(preset("prototype").rx.input_stage, InputStage::kBipolar);
}

}  // namespace
}  // namespace mosaic::phy

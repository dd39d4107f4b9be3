#include "mosaic/phy/receiver_input.hpp"

#include <cmath>
#include <numbers>

#include "mosaic/core/units.hpp"
#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {
namespace {

constexpr double kVacuumPermittivity_F_per_m = 8.8541878128e-12;
constexpr double kSiliconRelativePermittivity = 11.7;
// Channel-noise coefficient of a long-channel MOS device in saturation (2/3); short channels
// run higher, which the fitted white density absorbs.
constexpr double kMosNoiseGamma = 2.0 / 3.0;

double temperature_ratio(double case_temperature_c) {
  return (case_temperature_c + units::kZeroCelsius_K) /
         (kReferenceTemperatureC + units::kZeroCelsius_K);
}

}  // namespace

ReceiverInput receiver_input(const LinkSpec& spec) {
  ReceiverInput in;
  const double side_m = spec.array.photodiode_fill * spec.array.pitch_um * 1e-6;
  in.photodiode_pf = kVacuumPermittivity_F_per_m * kSiliconRelativePermittivity * side_m * side_m /
                     (spec.rx.depletion_um * 1e-6) * 1e12;
  in.capacitance_derived = !spec.rx.input_capacitance_pf.has_value();
  in.capacitance_pf =
      spec.rx.input_capacitance_pf.value_or(in.photodiode_pf + spec.rx.tia_input_capacitance_pf);
  in.transconductance_s =
      2.0 * std::numbers::pi * spec.rx.bandwidth_ghz * 1e9 * in.capacitance_pf * 1e-12;
  in.voltage_noise_derived = !spec.rx.voltage_noise_nv_rthz.has_value();
  if (spec.rx.voltage_noise_nv_rthz) {
    in.voltage_noise_nv_rthz = *spec.rx.voltage_noise_nv_rthz;
  } else if (in.transconductance_s > 0.0) {
    // Thermal noise of the input device at the reference temperature: 4 k T gamma / gm (MOS),
    // 2 k T / gm (bipolar: the collector's shot noise 2 q I_C over gm^2, gm = q I_C / kT).
    const double kt = units::kBoltzmann_J_per_K * (kReferenceTemperatureC + units::kZeroCelsius_K);
    const double factor = spec.rx.input_stage == InputStage::kMos ? 4.0 * kMosNoiseGamma : 2.0;
    in.voltage_noise_nv_rthz = std::sqrt(factor * kt / in.transconductance_s) * 1e9;
  }
  return in;
}

double current_noise_temperature_factor(InputStage stage, double case_temperature_c) {
  return std::pow(temperature_ratio(case_temperature_c), stage == InputStage::kMos ? 1.25 : 0.5);
}

double voltage_noise_temperature_factor(InputStage stage, double case_temperature_c) {
  return std::pow(temperature_ratio(case_temperature_c), stage == InputStage::kMos ? 1.25 : 1.0);
}

}  // namespace mosaic::phy

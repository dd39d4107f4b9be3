#include "mosaic/phy/temperature.hpp"

#include <algorithm>
#include <cmath>

#include "mosaic/phy/receiver_input.hpp"

namespace mosaic::phy {

TemperatureDerating temperature_derating(const LinkSpec& spec) {
  TemperatureDerating d;
  const double delta_k = spec.environment.case_temperature_c - kReferenceTemperatureC;
  d.delta_k = delta_k;
  d.led_power_db = spec.led.power_tc_db_per_k * delta_k;
  // A linear law would reach zero bandwidth far outside the rated range; the floor keeps every
  // pulse response finite there.
  d.led_bandwidth_factor = std::max(0.05, 1.0 + spec.led.bandwidth_tc_per_k * delta_k);
  const double shift_nm = spec.led.wavelength_tc_nm_per_k * delta_k;
  d.wavelength_nm = spec.led.wavelength_nm + shift_nm;
  d.dispersion_ps_per_nm_km =
      spec.fiber.dispersion_ps_per_nm_km + spec.fiber.dispersion_slope_ps_per_nm2_km * shift_nm;
  d.responsivity_a_per_w =
      spec.rx.responsivity_a_per_w * d.wavelength_nm / kResponsivityReferenceWavelengthNm;
  d.noise_factor =
      current_noise_temperature_factor(spec.rx.input_stage, spec.environment.case_temperature_c);
  d.voltage_noise_factor =
      voltage_noise_temperature_factor(spec.rx.input_stage, spec.environment.case_temperature_c);
  return d;
}

LinkSpec at_case_temperature(const LinkSpec& spec) {
  const TemperatureDerating d = temperature_derating(spec);
  LinkSpec s = spec;
  s.led.wavelength_nm = d.wavelength_nm;
  s.fiber.dispersion_ps_per_nm_km = d.dispersion_ps_per_nm_km;
  s.rx.responsivity_a_per_w = d.responsivity_a_per_w;
  s.rx.noise_density_pa_rthz = spec.rx.noise_density_pa_rthz * d.noise_factor;
  // The input's capacitance and voltage noise resolved from the pixel and the input stage (at the
  // design's 25 degC sizing), so that every engine downstream reads plain figures.
  const ReceiverInput in = receiver_input(spec);
  s.rx.input_capacitance_pf = in.capacitance_pf;
  s.rx.voltage_noise_nv_rthz = in.voltage_noise_nv_rthz * d.voltage_noise_factor;
  return s;
}

}  // namespace mosaic::phy

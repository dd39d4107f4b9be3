#include "mosaic/phy/temperature.hpp"

#include <cmath>

namespace mosaic::phy {

double thermal_noise_factor(double case_temperature_c) {
  constexpr double kZeroCelsiusK = 273.15;
  return std::sqrt((case_temperature_c + kZeroCelsiusK) / (kReferenceTemperatureC + kZeroCelsiusK));
}

LinkSpec at_case_temperature(const LinkSpec& spec) {
  LinkSpec s = spec;
  const double delta_k = spec.environment.case_temperature_c - kReferenceTemperatureC;
  const double shift_nm = spec.led.wavelength_tc_nm_per_k * delta_k;
  s.led.wavelength_nm = spec.led.wavelength_nm + shift_nm;
  s.fiber.dispersion_ps_per_nm_km =
      spec.fiber.dispersion_ps_per_nm_km + spec.fiber.dispersion_slope_ps_per_nm2_km * shift_nm;
  s.rx.responsivity_a_per_w =
      spec.rx.responsivity_a_per_w * s.led.wavelength_nm / spec.led.wavelength_nm;
  const double noise = thermal_noise_factor(spec.environment.case_temperature_c);
  s.rx.noise_density_pa_rthz = spec.rx.noise_density_pa_rthz * noise;
  s.rx.voltage_noise_nv_rthz = spec.rx.voltage_noise_nv_rthz * noise;
  return s;
}

}  // namespace mosaic::phy

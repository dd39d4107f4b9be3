#pragma once

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::phy {

// Reference temperature of every *_tc coefficient and of the 25 degC figures of the spec.
inline constexpr double kReferenceTemperatureC = 25.0;

// The spec with the temperature-dependent receiver and fiber figures moved to the case
// temperature: the LED's centre wavelength shifts by wavelength_tc; the fiber's D follows it along
// its slope; the photodiode's responsivity follows it at constant quantum efficiency (R = eta q
// lambda / h c); the TIA's input-referred noise density, thermal, scales with sqrt(T / T_ref) in
// kelvin. LED power droop and bandwidth derating are applied per channel by build_array.
LinkSpec at_case_temperature(const LinkSpec& spec);

// sqrt(T / T_ref), absolute temperatures: the factor on a thermal noise current density.
double thermal_noise_factor(double case_temperature_c);

}  // namespace mosaic::phy

#pragma once

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::phy {

// Reference temperature of every *_tc coefficient and of the 25 degC figures of the spec.
inline constexpr double kReferenceTemperatureC = 25.0;
// Wavelength rx.responsivity_a_per_w is given at: the photodiode's responsivity follows the LED's
// centre wavelength (a design at 405 or 520 nm, and the thermal shift) at constant quantum
// efficiency, R = eta q lambda / (h c).
inline constexpr double kResponsivityReferenceWavelengthNm = 450.0;

// Every figure of a design that moves with its case temperature (PHYSICS.md sections 2 and 5),
// from the spec's 25 degC figures and environment.case_temperature_c.
struct TemperatureDerating {
  double delta_k = 0.0;  // case temperature minus the reference
  // Applied per channel (build_array) and on the nominal channel, never folded into the spec, so
  // they are the same whether `spec` is a design or already at_case_temperature.
  double led_power_db = 0.0;          // LED output droop, added to the launch power (dB)
  double led_bandwidth_factor = 1.0;  // on the LED's bandwidth, linear in delta_k, floored at 0.05
  // Folded into the spec by at_case_temperature (meaningful on a design spec only).
  double wavelength_nm = 0.0;            // centre wavelength, shifted by wavelength_tc
  double dispersion_ps_per_nm_km = 0.0;  // gaussian_fit's D at that wavelength, along its slope
  double responsivity_a_per_w = 0.0;  // photodiode at that wavelength, constant quantum efficiency
  // On the TIA's input-referred current and voltage noise densities, by rx.input_stage's laws
  // (phy/receiver_input.hpp).
  double noise_factor = 1.0;
  double voltage_noise_factor = 1.0;
};

// The one temperature derating: every other figure at the case temperature is read from it.
TemperatureDerating temperature_derating(const LinkSpec& spec);

// The spec with the temperature-dependent receiver and fiber figures moved to the case
// temperature: centre wavelength, D, responsivity, and the TIA's input-referred current and
// voltage noise densities (by the input stage's law), the input capacitance resolved. LED power
// droop and bandwidth derating are applied per channel by build_array.
LinkSpec at_case_temperature(const LinkSpec& spec);

}  // namespace mosaic::phy

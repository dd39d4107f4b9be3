#pragma once

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::phy {

// The TIA's input: the capacitance its input device charges and the noise it adds, from the
// pixel and the input stage (docs/physics.md, "Receiver noise"). One definition read by the noise
// model (the f^2 term), the temperature law and the power model (the input device's current).
struct ReceiverInput {
  double photodiode_pf = 0.0;  // eps_Si x pixel area / depletion width
  // What the f^2 term and the TIA's power see (override or derived). An override of 0 turns the
  // f^2 term off and, through the same figure, prices the TIA's input device at 0 W too.
  double capacitance_pf = 0.0;
  bool capacitance_derived = true;
  // gm = 2 pi f_rx C_in: the input device sized so that its input pole sits at the receiver's
  // bandwidth (the power model's sizing rule).
  double transconductance_s = 0.0;
  double voltage_noise_nv_rthz = 0.0;  // at 25 degC: override or the device's thermal noise
  bool voltage_noise_derived = true;
};

ReceiverInput receiver_input(const LinkSpec& spec);

// Temperature laws of the input stage, as factors on the 25 degC densities (absolute
// temperatures): the input-referred current noise grows as T^0.5 for a bipolar stage (resistor
// and base-current noise at stable currents) and as T^1.25 for a MOS stage (channel noise
// 4kT gamma / gm with gm following the mobility, ~T^-1.5); the voltage noise as T (bipolar:
// 2 (kT)^2 / (q I_C)) or T^1.25 (MOS).
double current_noise_temperature_factor(InputStage stage, double case_temperature_c);
double voltage_noise_temperature_factor(InputStage stage, double case_temperature_c);

}  // namespace mosaic::phy

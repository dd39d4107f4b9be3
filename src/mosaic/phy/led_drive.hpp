#pragma once

#include "mosaic/core/design/phy_spec.hpp"

namespace mosaic::phy {

class RateEquationLed;

// What one microLED's launch costs: the drive currents that give the design's mean optical power
// (led.launch_power_dbm, the canonical input) and extinction ratio through the pixel's efficiency,
// the forward voltage at them, and the electrical power and heat that follow. At 25 degC, for the
// nominal pixel (the array's per-channel spread of optical power is taken as a spread of
// efficiency at the same drive). The power model and the rate-equation dynamics read it.
struct LedDrive {
  double launch_w = 0.0;      // mean optical power emitted at this drive (more than the launch
                              // when bandwidth_limited)
  double low_a = 0.0;         // drive current of a 0
  double high_a = 0.0;        // ... of a 1
  double bias_a = 0.0;        // (low + high) / 2
  double modulation_a = 0.0;  // high - low
  double current_density_a_per_m2 = 0.0;  // at the bias, through the mesa's area
  double iqe = 0.0;                       // internal quantum efficiency at the bias
  double eqe = 0.0;                       // external: extraction x IQE, at the bias
  double low_v = 0.0;                     // forward voltage at the 0 current
  double high_v = 0.0;                    // ... at the 1 current
  double electrical_w = 0.0;              // mean I V over equiprobable bits
  double heat_w = 0.0;   // electrical minus emitted light: the junction's self-heating
  double f3db_hz = 0.0;  // small-signal bandwidth at the bias (the rate equation's)
  // The bias the LED model's own bandwidth needs (a linear model's led.f3db_ghz, through the rate
  // equation); 0 where the bandwidth follows from the drive instead (the rate-equation model).
  double bandwidth_bias_a = 0.0;
  // The bias is the bandwidth's, above the launch's: the LED then emits launch_w, more than the
  // launch the optical budget assumes.
  bool bandwidth_limited = false;
};

// The drive of `led`'s launch and extinction ratio. required_f3db_hz > 0: the LED must also be
// that fast; where the launch's drive is slower, the bias rises to the current density the rate
// equation needs for that bandwidth, the modulation keeping the extinction ratio.
LedDrive led_drive(const LedSpec& led, double required_f3db_hz = 0.0);

// Energy of one photon at the centre wavelength (J).
double photon_energy_j(double wavelength_nm);
// Emitted optical power (W) at a steady drive current: extraction x IQE x photon energy / q x I.
double led_optical_power_w(const LedSpec& led, const RateEquationLed& carriers, double current_a);
// The steady current that emits `power_w` (closed form: light fixes the carrier density).
double led_current_for_power_a(const LedSpec& led, const RateEquationLed& carriers, double power_w);
// Forward voltage at a steady current: n_id kT/q ln(1 + J / J_s) + I R_s at 25 degC, R_s the
// area-specific series resistance over the mesa's area.
double led_forward_voltage_v(const LedSpec& led, double current_a);
// The mesa's emitting area (m^2).
double led_area_m2(const LedSpec& led);

}  // namespace mosaic::phy

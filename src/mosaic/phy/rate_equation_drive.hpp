#pragma once

#include "mosaic/core/design/phy_spec.hpp"
#include "mosaic/phy/led_drive.hpp"
#include "mosaic/phy/rate_equation_led.hpp"

namespace mosaic::phy {

// How one channel's rate-equation LED is driven on a sample clock: the two currents of the
// design's drive, 2-tap pre-emphasis on the current, and the carriers' time scaled to the
// channel's bandwidth (its spread and temperature derating make its carriers that much faster or
// slower). The one definition both the Monte Carlo transmitter and the statistical eye's
// pattern-dependent levels run, so the two engines integrate the same equation.
struct RateEquationDrive {
  double i_lo = 0.0;  // drive current of a 0 (A)
  double i_hi = 0.0;  // ... of a 1
  double l_lo = 0.0;  // their static light (RateEquationLed's relative units)
  double l_hi = 1.0;
  double alpha = 0.0;  // pre-emphasis
  double dt_s = 0.0;   // the ODE's time per sample
  int substeps = 1;    // RK4 steps per sample (RateEquationLed::substeps at i_hi)

  // Drive current of a bit after the previous one: (bit - alpha prev + alpha) / (1 + alpha) of
  // the swing above i_lo, so that the peak swing and the mean current stay those of the drive.
  double current(double bit, double prev) const {
    const double d = (bit - alpha * prev + alpha) / (1.0 + alpha);
    return i_lo + (i_hi - i_lo) * d;
  }
  // Light in units of the static swing: 0 at the 0 level, 1 at the 1 level.
  double swing_units(double light) const { return (light - l_lo) / (l_hi - l_lo); }
};

// The LED whose light RateEquationDrive's levels refer to: carriers of `led`, light relative to
// the drive's bias.
RateEquationLed drive_led(const LedSpec& led, const LedDrive& drive);
RateEquationDrive rate_equation_drive(const LedSpec& led, const LedDrive& drive,
                                      double channel_f3db_hz, double sample_s);

}  // namespace mosaic::phy

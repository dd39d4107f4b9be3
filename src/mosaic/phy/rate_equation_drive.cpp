#include "mosaic/phy/rate_equation_drive.hpp"

namespace mosaic::phy {

RateEquationLed drive_led(const LedSpec& led, const LedDrive& drive) {
  return RateEquationLed(led, drive.bias_a);
}

RateEquationDrive rate_equation_drive(const LedSpec& led, const LedDrive& drive,
                                      double channel_f3db_hz, double sample_s) {
  const RateEquationLed carriers = drive_led(led, drive);
  RateEquationDrive d;
  d.i_lo = drive.low_a;
  d.i_hi = drive.high_a;
  d.l_lo = carriers.static_light(d.i_lo);
  d.l_hi = carriers.static_light(d.i_hi);
  d.alpha = led.pre_emphasis;
  d.dt_s = sample_s * channel_f3db_hz / drive.f3db_hz;
  d.substeps = carriers.substeps(d.dt_s, d.i_hi);
  return d;
}

}  // namespace mosaic::phy

#pragma once

#include <span>

#include "mosaic/core/design/phy_spec.hpp"

namespace mosaic::phy {

// Carrier rate equation of a microLED's active region (ABC model):
//   dn/dt = J / (q d) - (A n + B n^2 + C n^3),   light ~ B n^2,
// with n in cm^-3, J the current density through the mesa area and d the active thickness.
// Nonlinear: bandwidth grows with current, rise and fall differ. Linearised at a bias it is a
// first-order low-pass with f3dB = (A + 2 B n + 3 C n^2) / (2 pi).
class RateEquationLed {
 public:
  explicit RateEquationLed(const LedSpec& led);

  // Steady-state carrier density (cm^-3) at a drive current.
  double carrier_density(double current_a) const;
  // Small-signal 3 dB bandwidth at a bias current.
  double small_signal_f3db_hz(double bias_a) const;
  // Static light output, relative to the output at led.bias_ma.
  double static_light(double current_a) const;
  // Drive currents (low, high) whose mean is the bias and whose static light ratio is `ratio`.
  std::pair<double, double> drive_levels(double extinction_ratio) const;

  // Puts the carriers in steady state at a current.
  void reset(double current_a);
  // Integrates the drive current samples (A, spaced dt_s) into relative light output (same scale
  // as static_light); state carries over between blocks.
  void process(std::span<const double> current_a, std::span<double> light, double dt_s);

 private:
  double recombination(double n) const { return n * (a_ + n * (b_ + n * c_)); }
  double generation(double current_a) const { return current_a * gen_per_amp_; }

  double a_, b_, c_;
  double gen_per_amp_;  // cm^-3 s^-1 per ampere
  double light_scale_;  // 1 / (B n_bias^2)
  double bias_a_;
  double n_ = 0.0;
};

}  // namespace mosaic::phy

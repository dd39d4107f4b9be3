#pragma once

#include <span>

#include "mosaic/core/design/phy_spec.hpp"

namespace mosaic::phy {

// The ABC recombination coefficients of one pixel in the units the rate equation runs in (cm^-3
// for carriers, seconds), shared by RateEquationLed and the Monte Carlo carrier kernel so both do
// the same arithmetic.
struct CarrierCoefficients {
  double a = 0.0, b = 0.0, c = 0.0;  // s^-1, cm^3/s, cm^6/s
  double gen_per_amp = 0.0;          // carrier generation (cm^-3 s^-1) per ampere of drive
  double light_scale = 1.0;          // relative light per unit of B n^2

  double recombination(double n) const { return n * (a + n * (b + n * c)); }
  // d(recombination)/dn: the inverse differential carrier lifetime.
  double differential_rate(double n) const { return a + n * (2.0 * b + 3.0 * c * n); }
};

// Carrier rate equation of a microLED's active region (ABC model):
//   dn/dt = J / (q d) - (A n + B n^2 + C n^3),   light ~ B n^2,
// with n in cm^-3, J the current density through the mesa area and d the active thickness.
// Nonlinear: bandwidth grows with current, rise and fall differ. Linearised at a bias it is a
// first-order low-pass with f3dB = (A + 2 B n + 3 C n^2) / (2 pi), the inverse differential carrier
// lifetime (David and Grundmann's differential-lifetime analysis of droop): this class is the one
// place bandwidth is tied to current density.
class RateEquationLed {
 public:
  // Light is reported relative to the static light at `reference_a`.
  RateEquationLed(const LedSpec& led, double reference_a);

  const CarrierCoefficients& coefficients() const { return k_; }
  // Steady-state carrier density (cm^-3) at a drive current, and the current of a density.
  double carrier_density(double current_a) const;
  double current_for_carrier_density(double n_cm3) const {
    return k_.recombination(n_cm3) / k_.gen_per_amp;
  }
  // Small-signal 3 dB bandwidth at a bias current.
  double small_signal_f3db_hz(double bias_a) const;
  // The bias current whose small-signal bandwidth is f3db_hz (0 when A alone is faster).
  double current_for_f3db(double f3db_hz) const;
  // Radiative share of the recombination, B n^2 / (A n + B n^2 + C n^3), at a steady current.
  double internal_quantum_efficiency(double current_a) const;
  // Static light output, relative to the output at the reference current.
  double static_light(double current_a) const;
  // RK4 sub-steps per sample of dt_s, an even number (light is read half-way), that keep every
  // step at most 0.2 of the fastest carrier lifetime reached with currents up to max_current_a
  // (carriers never exceed that current's steady state, so one count serves a whole drive).
  int substeps(double dt_s, double max_current_a) const;

  // Puts the carriers in steady state at a current.
  void reset(double current_a);
  double carriers() const { return n_; }
  // Integrates the drive current samples (A, each held for dt_s, `substeps` RK4 steps each) into
  // relative light output half-way through each sample (the carrier kernel's convention); state
  // carries over between blocks.
  void process(std::span<const double> current_a, std::span<double> light, double dt_s,
               int substeps);

 private:
  CarrierCoefficients k_;
  double n_ = 0.0;
};

// One RK4 step of the carrier equation at generation rate g: the arithmetic RateEquationLed and
// the carrier kernel share (same operations, same order).
inline double carrier_rk4_step(const CarrierCoefficients& k, double n, double g, double h) {
  const double k1 = g - k.recombination(n);
  const double k2 = g - k.recombination(n + 0.5 * h * k1);
  const double k3 = g - k.recombination(n + 0.5 * h * k2);
  const double k4 = g - k.recombination(n + h * k3);
  const double next = n + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  return next < 0.0 ? 0.0 : next;
}

}  // namespace mosaic::phy

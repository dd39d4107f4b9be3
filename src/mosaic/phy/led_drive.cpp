#include "mosaic/phy/led_drive.hpp"

#include <cmath>
#include <numbers>

#include "mosaic/core/units.hpp"
#include "mosaic/phy/rate_equation_led.hpp"
#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {
namespace {

constexpr double kCm2PerM2 = 1e4;

// Photons per second leaving the chip per unit of B n^2 (cm^-3 s^-1): extraction x active volume.
double photon_rate_per_radiative(const LedSpec& led) {
  const double volume_cm3 = led_area_m2(led) * kCm2PerM2 * led.active_thickness_nm * 1e-7;
  return led.extraction_efficiency * volume_cm3;
}

double mean_power(const LedSpec& led, const RateEquationLed& carriers, double lo, double hi) {
  return 0.5 * (led_optical_power_w(led, carriers, lo) + led_optical_power_w(led, carriers, hi));
}

}  // namespace

double led_area_m2(const LedSpec& led) {
  const double r = 0.5 * led.diameter_um * 1e-6;
  return std::numbers::pi * r * r;
}

double photon_energy_j(double wavelength_nm) {
  return units::kPlanck_Js * units::kSpeedOfLight_m_per_s / (wavelength_nm * 1e-9);
}

double led_optical_power_w(const LedSpec& led, const RateEquationLed& carriers, double current_a) {
  const double n = carriers.carrier_density(current_a);
  return photon_rate_per_radiative(led) * carriers.coefficients().b * n * n *
         photon_energy_j(led.wavelength_nm);
}

double led_current_for_power_a(const LedSpec& led, const RateEquationLed& carriers,
                               double power_w) {
  const double radiative =
      power_w / (photon_rate_per_radiative(led) * photon_energy_j(led.wavelength_nm));
  return carriers.current_for_carrier_density(std::sqrt(radiative / carriers.coefficients().b));
}

double led_forward_voltage_v(const LedSpec& led, double current_a) {
  const double thermal_v = units::kBoltzmann_J_per_K *
                           (kReferenceTemperatureC + units::kZeroCelsius_K) /
                           units::kElectronCharge_C;
  const double area_cm2 = led_area_m2(led) * kCm2PerM2;
  const double j = current_a / area_cm2;
  return led.ideality_factor * thermal_v *
             std::log1p(j / led.saturation_current_density_a_per_cm2) +
         current_a * led.series_resistance_ohm_cm2 / area_cm2;
}

LedDrive led_drive(const LedSpec& led, double required_f3db_hz) {
  const RateEquationLed carriers(led, 1e-3);
  const double launch_w = units::dbm_to_w(led.launch_power_dbm);
  const double er = units::db_to_linear(led.extinction_ratio_db);
  LedDrive d;
  // The launch fixes the light of each level, hence the currents (closed form).
  d.low_a = led_current_for_power_a(led, carriers, 2.0 * launch_w / (er + 1.0));
  d.high_a = led_current_for_power_a(led, carriers, 2.0 * launch_w * er / (er + 1.0));
  d.bias_a = 0.5 * (d.low_a + d.high_a);
  if (required_f3db_hz > 0.0) {
    d.bandwidth_bias_a = carriers.current_for_f3db(required_f3db_hz);
    if (d.bandwidth_bias_a > d.bias_a) {
      // A faster LED than the launch's drive gives: bias at the bandwidth's current density and the
      // swing around it that keeps the extinction ratio (the light ratio grows monotonically with
      // the swing, from 1 to infinity as the 0 level's current reaches zero).
      d.bandwidth_limited = true;
      d.bias_a = d.bandwidth_bias_a;
      double lo = 0.0;
      double hi = d.bias_a;
      for (int i = 0; i < 100; ++i) {
        const double m = 0.5 * (lo + hi);
        const double ratio = led_optical_power_w(led, carriers, d.bias_a + m) /
                             led_optical_power_w(led, carriers, d.bias_a - m);
        (ratio < er ? lo : hi) = m;
      }
      const double m = 0.5 * (lo + hi);
      d.low_a = d.bias_a - m;
      d.high_a = d.bias_a + m;
    }
  }
  d.modulation_a = d.high_a - d.low_a;
  d.launch_w = mean_power(led, carriers, d.low_a, d.high_a);
  d.current_density_a_per_m2 = d.bias_a / led_area_m2(led);
  d.iqe = carriers.internal_quantum_efficiency(d.bias_a);
  d.eqe = led.extraction_efficiency * d.iqe;
  d.low_v = led_forward_voltage_v(led, d.low_a);
  d.high_v = led_forward_voltage_v(led, d.high_a);
  d.electrical_w = 0.5 * (d.low_a * d.low_v + d.high_a * d.high_v);
  d.heat_w = d.electrical_w - d.launch_w;
  d.f3db_hz = carriers.small_signal_f3db_hz(d.bias_a);
  return d;
}

}  // namespace mosaic::phy

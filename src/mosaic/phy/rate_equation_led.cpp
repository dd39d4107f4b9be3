#include "mosaic/phy/rate_equation_led.hpp"

#include <cmath>
#include <numbers>

#include "mosaic/core/units.hpp"

namespace mosaic::phy {

RateEquationLed::RateEquationLed(const LedSpec& led)
    : a_(led.a_per_s), b_(led.b_cm3_per_s), c_(led.c_cm6_per_s), bias_a_(led.bias_ma * 1e-3) {
  const double radius_cm = 0.5 * led.diameter_um * 1e-4;
  const double area_cm2 = std::numbers::pi * radius_cm * radius_cm;
  const double thickness_cm = led.active_thickness_nm * 1e-7;
  gen_per_amp_ = 1.0 / (area_cm2 * units::kElectronCharge_C * thickness_cm);
  const double n_bias = carrier_density(bias_a_);
  light_scale_ = 1.0 / (b_ * n_bias * n_bias);
  n_ = n_bias;
}

double RateEquationLed::carrier_density(double current_a) const {
  const double g = generation(current_a);
  if (g <= 0.0) return 0.0;
  // Recombination is monotonic in n, so bracketed Newton converges from any start.
  double lo = 0.0;
  double hi = 1.0;
  while (recombination(hi) < g) hi *= 2.0;
  double n = 0.5 * (lo + hi);
  for (int i = 0; i < 200; ++i) {
    const double f = recombination(n) - g;
    if (f > 0.0) {
      hi = n;
    } else {
      lo = n;
    }
    const double df = a_ + n * (2.0 * b_ + 3.0 * c_ * n);
    double next = n - f / df;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (std::abs(next - n) <= 1e-14 * n) return next;
    n = next;
  }
  return n;
}

double RateEquationLed::small_signal_f3db_hz(double bias_a) const {
  const double n = carrier_density(bias_a);
  return (a_ + n * (2.0 * b_ + 3.0 * c_ * n)) / (2.0 * std::numbers::pi);
}

double RateEquationLed::static_light(double current_a) const {
  const double n = carrier_density(current_a);
  return b_ * n * n * light_scale_;
}

std::pair<double, double> RateEquationLed::drive_levels(double extinction_ratio) const {
  // The light ratio grows monotonically with the swing, from 1 at no swing to infinity when the
  // low level reaches zero current.
  double lo = 0.0;
  double hi = bias_a_;
  for (int i = 0; i < 100; ++i) {
    const double m = 0.5 * (lo + hi);
    const double ratio = static_light(bias_a_ + m) / static_light(bias_a_ - m);
    if (ratio < extinction_ratio) {
      lo = m;
    } else {
      hi = m;
    }
  }
  const double m = 0.5 * (lo + hi);
  return {bias_a_ - m, bias_a_ + m};
}

void RateEquationLed::reset(double current_a) {
  n_ = carrier_density(current_a);
}

void RateEquationLed::process(std::span<const double> current_a, std::span<double> light,
                              double dt_s) {
  // Classic RK4, with sub-steps so that each stays well below the fastest carrier lifetime.
  double n = n_;
  for (std::size_t i = 0; i < current_a.size(); ++i) {
    const double g = generation(current_a[i]);
    const double rate = a_ + n * (2.0 * b_ + 3.0 * c_ * n);
    const int sub = std::max(1, static_cast<int>(std::ceil(dt_s * rate / 0.2)));
    const double h = dt_s / sub;
    for (int s = 0; s < sub; ++s) {
      const double k1 = g - recombination(n);
      const double k2 = g - recombination(n + 0.5 * h * k1);
      const double k3 = g - recombination(n + 0.5 * h * k2);
      const double k4 = g - recombination(n + h * k3);
      n += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
      if (n < 0.0) n = 0.0;
    }
    light[i] = b_ * n * n * light_scale_;
  }
  n_ = n;
}

}  // namespace mosaic::phy

#include "mosaic/phy/rate_equation_led.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mosaic/core/units.hpp"

namespace mosaic::phy {
namespace {

constexpr double kMaxStepRate = 0.2;  // RK4 step as a fraction of the fastest carrier lifetime

}  // namespace

RateEquationLed::RateEquationLed(const LedSpec& led, double reference_a) {
  k_.a = led.a_per_s;
  k_.b = led.b_cm3_per_s;
  k_.c = led.c_cm6_per_s;
  const double radius_cm = 0.5 * led.diameter_um * 1e-4;
  const double area_cm2 = std::numbers::pi * radius_cm * radius_cm;
  const double thickness_cm = led.active_thickness_nm * 1e-7;
  k_.gen_per_amp = 1.0 / (area_cm2 * units::kElectronCharge_C * thickness_cm);
  const double n_ref = carrier_density(reference_a);
  k_.light_scale = 1.0 / (k_.b * n_ref * n_ref);
  n_ = n_ref;
}

double RateEquationLed::carrier_density(double current_a) const {
  const double g = current_a * k_.gen_per_amp;
  if (g <= 0.0) return 0.0;
  // Recombination is monotonic in n, so bracketed Newton converges from any start.
  double lo = 0.0;
  double hi = 1.0;
  while (k_.recombination(hi) < g) hi *= 2.0;
  double n = 0.5 * (lo + hi);
  for (int i = 0; i < 200; ++i) {
    const double f = k_.recombination(n) - g;
    if (f > 0.0) {
      hi = n;
    } else {
      lo = n;
    }
    double next = n - f / k_.differential_rate(n);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (std::abs(next - n) <= 1e-14 * n) return next;
    n = next;
  }
  return n;
}

double RateEquationLed::small_signal_f3db_hz(double bias_a) const {
  return k_.differential_rate(carrier_density(bias_a)) / (2.0 * std::numbers::pi);
}

double RateEquationLed::current_for_f3db(double f3db_hz) const {
  // 3 C n^2 + 2 B n + A = 2 pi f: the positive root, in the cancellation-free form.
  const double w = 2.0 * std::numbers::pi * f3db_hz;
  if (w <= k_.a) return 0.0;
  const double disc = k_.b * k_.b + 3.0 * k_.c * (w - k_.a);
  const double n = (w - k_.a) / (k_.b + std::sqrt(disc));
  return current_for_carrier_density(n);
}

double RateEquationLed::internal_quantum_efficiency(double current_a) const {
  const double n = carrier_density(current_a);
  return n > 0.0 ? k_.b * n * n / k_.recombination(n) : 0.0;
}

double RateEquationLed::static_light(double current_a) const {
  const double n = carrier_density(current_a);
  return k_.b * n * n * k_.light_scale;
}

int RateEquationLed::substeps(double dt_s, double max_current_a) const {
  const double rate = k_.differential_rate(carrier_density(max_current_a));
  const int steps = std::max(1, static_cast<int>(std::ceil(dt_s * rate / kMaxStepRate)));
  return steps + steps % 2;
}

void RateEquationLed::reset(double current_a) {
  n_ = carrier_density(current_a);
}

void RateEquationLed::process(std::span<const double> current_a, std::span<double> light,
                              double dt_s, int substeps) {
  const double h = dt_s / substeps;
  double n = n_;
  for (std::size_t i = 0; i < current_a.size(); ++i) {
    const double g = current_a[i] * k_.gen_per_amp;
    for (int s = 0; s < substeps; ++s) {
      if (s == substeps / 2) light[i] = k_.b * n * n * k_.light_scale;
      n = carrier_rk4_step(k_, n, g, h);
    }
  }
  n_ = n;
}

}  // namespace mosaic::phy

#pragma once

#include <limits>

namespace mosaic::reliability {

inline constexpr double kHoursPerYear = 8760.0;
inline constexpr double kFitHours = 1e9;  // FIT = failures per 1e9 device-hours

// Arrhenius acceleration of failure rates at operating_c relative to reference_c (> 1 when
// hotter): AF = exp(Ea / k * (1 / T_ref - 1 / T_op)), temperatures in kelvin.
double arrhenius_factor(double activation_energy_ev, double reference_c, double operating_c);

// Lifetime of one part: a constant random-failure hazard plus optional Weibull wear-out,
// as competing risks. Cumulative hazard H(t) = rate_per_h * t + (t / wearout_scale_h)^shape.
// Times in hours.
struct Lifetime {
  double rate_per_h = 0.0;
  double wearout_scale_h = std::numeric_limits<double>::infinity();  // infinity = no wear-out
  double wearout_shape = 1.0;

  static Lifetime from_fit(double fit) { return {fit / kFitHours}; }

  bool has_wearout() const { return wearout_scale_h < std::numeric_limits<double>::infinity(); }
  bool never_fails() const { return rate_per_h <= 0.0 && !has_wearout(); }
  double cumulative_hazard(double t_h) const;
  double survival(double t_h) const;  // P(T > t)
  double cdf(double t_h) const;       // P(T <= t), accurate for tiny values
  // The time at which the cumulative hazard reaches h (infinity if never).
  double time_at_hazard(double h) const;
};

}  // namespace mosaic::reliability

#include "mosaic/reliability/lifetime.hpp"

#include <cmath>

#include "mosaic/core/units.hpp"

namespace mosaic::reliability {

namespace {
constexpr double kBoltzmann_eV_per_K = 8.617333262e-5;
}  // namespace

double arrhenius_factor(double activation_energy_ev, double reference_c, double operating_c) {
  const double t_ref = reference_c + units::kZeroCelsius_K;
  const double t_op = operating_c + units::kZeroCelsius_K;
  return std::exp(activation_energy_ev / kBoltzmann_eV_per_K * (1.0 / t_ref - 1.0 / t_op));
}

double Lifetime::cumulative_hazard(double t_h) const {
  double h = rate_per_h * t_h;
  if (has_wearout()) h += std::pow(t_h / wearout_scale_h, wearout_shape);
  return h;
}

double Lifetime::survival(double t_h) const {
  return std::exp(-cumulative_hazard(t_h));
}

double Lifetime::cdf(double t_h) const {
  return -std::expm1(-cumulative_hazard(t_h));
}

double Lifetime::time_at_hazard(double h) const {
  if (h <= 0.0) return 0.0;
  if (!has_wearout())
    return rate_per_h > 0.0 ? h / rate_per_h : std::numeric_limits<double>::infinity();
  // H is strictly increasing; each term alone bounds the answer from above.
  double hi = wearout_scale_h * std::pow(h, 1.0 / wearout_shape);
  if (rate_per_h > 0.0) hi = std::min(hi, h / rate_per_h);
  double lo = 0.0;
  for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (cumulative_hazard(mid) < h ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace mosaic::reliability

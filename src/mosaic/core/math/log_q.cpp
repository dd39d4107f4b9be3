#include "mosaic/core/math/log_q.hpp"

#include <numbers>

namespace mosaic {

double log_q(double z) {
  if (z < 30.0) return std::log(q_function(z));
  // Q(z) = phi(z)/z * (1 - 1/z^2 + 3/z^4 - 15/z^6 + ...); at z >= 30 four terms are exact to
  // double precision.
  const double z2 = z * z;
  const double series = 1.0 - 1.0 / z2 + 3.0 / (z2 * z2) - 15.0 / (z2 * z2 * z2);
  return -0.5 * z2 - std::log(z * std::sqrt(2.0 * std::numbers::pi)) + std::log(series);
}

double q_inverse(double p) {
  if (p == 0.5) return 0.0;
  if (p >= 1.0) return -q_inverse_from_log(-745.0);
  if (p <= 0.0) return q_inverse_from_log(-745.0);
  if (p > 0.5) return -q_inverse(1.0 - p);
  return q_inverse_from_log(std::log(p));
}

double q_inverse_from_log(double target) {
  // Newton on ln Q from a rational first guess; converges in a few steps for any ln p < ln 0.5.
  if (target >= -0.6931471805599453) return -q_inverse(1.0 - std::exp(target));
  double z = std::sqrt(-2.0 * target);
  z -= (2.515517 + 0.802853 * z + 0.010328 * z * z) /
       (1.0 + 1.432788 * z + 0.189269 * z * z + 0.001308 * z * z * z);
  for (int i = 0; i < 50; ++i) {
    const double lq = log_q(z);
    // d ln Q / dz = -phi(z) / Q(z)
    const double log_phi = -0.5 * z * z - 0.5 * std::log(2.0 * std::numbers::pi);
    const double step = (lq - target) / (-std::exp(log_phi - lq));
    z -= step;
    if (std::abs(step) < 1e-13 * (1.0 + std::abs(z))) break;
  }
  return z;
}

}  // namespace mosaic

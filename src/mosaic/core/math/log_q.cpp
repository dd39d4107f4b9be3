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
  // Newton on ln Q from a rational first guess; converges in a few steps over (1e-300, 1).
  if (p >= 0.5) return -q_inverse(1.0 - p);
  double z = std::sqrt(-2.0 * std::log(p));
  z -= (2.515517 + 0.802853 * z + 0.010328 * z * z) /
       (1.0 + 1.432788 * z + 0.189269 * z * z + 0.001308 * z * z * z);
  const double target = std::log(p);
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

#include "mosaic/phy/filters.hpp"

#include <cmath>
#include <numbers>

namespace mosaic::phy {

std::complex<double> lowpass_response(FilterShape shape, double f3db_hz, double f_hz) {
  using C = std::complex<double>;
  const double x = f_hz / f3db_hz;
  switch (shape) {
    case FilterShape::kIdeal:
      return 1.0;
    case FilterShape::kFirstOrder:
      return 1.0 / C(1.0, x);
    case FilterShape::kGaussian:
      // |H|^2 = exp(-ln2 x^2) is 1/2 at x = 1.
      return std::exp(-0.5 * std::numbers::ln2 * x * x);
    case FilterShape::kButterworth2:
      return 1.0 / C(1.0 - x * x, std::numbers::sqrt2 * x);
  }
  return 1.0;
}

std::complex<double> ctle_response(double peaking_db, double pole_hz, double f_hz) {
  using C = std::complex<double>;
  const double zero_hz = pole_hz / std::pow(10.0, peaking_db / 20.0);
  const C pole = C(1.0, f_hz / pole_hz);
  return C(1.0, f_hz / zero_hz) / (pole * pole);
}

}  // namespace mosaic::phy

#include "mosaic/phy/ctle.hpp"

#include <cmath>

namespace mosaic::phy {

std::complex<double> ctle_response(double peaking_db, double pole_hz, double f_hz) {
  using C = std::complex<double>;
  const double zero_hz = pole_hz / std::pow(10.0, peaking_db / 20.0);
  const C pole = C(1.0, f_hz / pole_hz);
  return C(1.0, f_hz / zero_hz) / (pole * pole);
}

AnalogSection ctle_section(double peaking_db) {
  const double ratio = std::pow(10.0, peaking_db / 20.0);  // pole / zero
  return {{1, ratio, 0}, {1, 2, 1}};
}

}  // namespace mosaic::phy

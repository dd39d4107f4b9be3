#include "mosaic/phy/ctle.hpp"

#include <cmath>

namespace mosaic::phy {

double ctle_zero_hz(double peaking_db, double pole_hz) {
  return pole_hz / std::pow(10.0, peaking_db / 20.0);
}

std::complex<double> ctle_response_from_zero(double zero_hz, double pole_hz, double f_hz) {
  using C = std::complex<double>;
  const C pole = C(1.0, f_hz / pole_hz);
  return C(1.0, f_hz / zero_hz) / (pole * pole);
}

std::complex<double> ctle_response(double peaking_db, double pole_hz, double f_hz) {
  return ctle_response_from_zero(ctle_zero_hz(peaking_db, pole_hz), pole_hz, f_hz);
}

AnalogSection ctle_section(double peaking_db) {
  const double ratio = std::pow(10.0, peaking_db / 20.0);  // pole / zero
  return {{1, ratio, 0}, {1, 2, 1}};
}

}  // namespace mosaic::phy

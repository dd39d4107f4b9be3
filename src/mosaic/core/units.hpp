#pragma once

#include <cmath>

namespace mosaic::units {

inline constexpr double kElectronCharge_C = 1.602176634e-19;
inline constexpr double kBoltzmann_J_per_K = 1.380649e-23;
inline constexpr double kPlanck_Js = 6.62607015e-34;
inline constexpr double kSpeedOfLight_m_per_s = 299792458.0;
inline constexpr double kZeroCelsius_K = 273.15;  // 0 degC in kelvin

inline double db_to_linear(double db) {
  return std::pow(10.0, db / 10.0);
}
inline double linear_to_db(double x) {
  return 10.0 * std::log10(x);
}
inline double dbm_to_w(double dbm) {
  return 1e-3 * std::pow(10.0, dbm / 10.0);
}
inline double w_to_dbm(double w) {
  return 10.0 * std::log10(w / 1e-3);
}

}  // namespace mosaic::units

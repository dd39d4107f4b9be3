#pragma once

#include <complex>

#include "mosaic/phy/biquad.hpp"

namespace mosaic::phy {

// Continuous-time linear equalizer: one zero below two coincident poles, unit DC gain. The zero
// sits at pole / 10^(peaking_db / 20), so peaking_db is the asymptotic boost of the high band
// over DC; 0 dB leaves a plain double pole.
std::complex<double> ctle_response(double peaking_db, double pole_hz, double f_hz);
// The zero's frequency, and the response from it: what a caller evaluating many frequencies of
// one setting computes once (the same bits as ctle_response).
double ctle_zero_hz(double peaking_db, double pole_hz);
std::complex<double> ctle_response_from_zero(double zero_hz, double pole_hz, double f_hz);

// The same as one analog section, s normalised to 2 pi pole_hz: (1 + s/wz) / (1 + s/wp)^2.
AnalogSection ctle_section(double peaking_db);

}  // namespace mosaic::phy

#pragma once

#include <complex>

#include "mosaic/core/design/phy_spec.hpp"

namespace mosaic::phy {

// Complex frequency response, unit DC gain, of a low-pass of the given shape and 3 dB bandwidth.
// kGaussian has linear phase removed (zero phase); the others are causal minimum-phase sections.
std::complex<double> lowpass_response(FilterShape shape, double f3db_hz, double f_hz);

// Continuous-time linear equalizer: one zero below two coincident poles, unit DC gain. The zero
// sits at pole / 10^(peaking_db / 20), so peaking_db is the asymptotic boost of the high band
// over DC; 0 dB leaves a plain double pole.
std::complex<double> ctle_response(double peaking_db, double pole_hz, double f_hz);

}  // namespace mosaic::phy

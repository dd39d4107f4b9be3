#pragma once

#include <array>
#include <span>
#include <vector>

namespace mosaic::phy {

// An analog second-order section H(s) = (n0 + n1 s + n2 s^2) / (d0 + d1 s + d2 s^2), s in units
// of a reference angular frequency (a low-pass corner, a CTLE pole).
struct AnalogSection {
  std::array<double, 3> n{1.0, 0.0, 0.0};
  std::array<double, 3> d{1.0, 0.0, 0.0};
};

// A digital second-order section, normalised so that a0 = 1:
//   y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2].
struct Biquad {
  std::array<double, 3> b{1.0, 0.0, 0.0};
  std::array<double, 3> a{1.0, 0.0, 0.0};
};

// Bilinear transform of `s` (s normalised to 2 pi f_ref_hz) at sample rate fs_hz, prewarped at
// f_ref_hz so that the section's corner sits where the analog one is.
Biquad bilinear(const AnalogSection& s, double f_ref_hz, double fs_hz);

// The cascade run on a whole signal from rest, in double precision (transposed direct form II):
// the reference the Monte Carlo's float lanes are tested against, and the engine's impulse
// responses.
std::vector<double> biquad_response(std::span<const Biquad> sections, std::span<const double> in);

}  // namespace mosaic::phy

#include "mosaic/phy/biquad.hpp"

#include <cmath>
#include <numbers>

namespace mosaic::phy {

Biquad bilinear(const AnalogSection& s, double f_ref_hz, double fs_hz) {
  // s / w_ref = k (1 - z^-1) / (1 + z^-1), k = 1 / tan(w_ref T / 2).
  const double k = 1.0 / std::tan(std::numbers::pi * f_ref_hz / fs_hz);
  const auto& n = s.n;
  const auto& d = s.d;
  Biquad q;
  q.b[0] = n[0] + n[1] * k + n[2] * k * k;
  q.b[1] = 2.0 * n[0] - 2.0 * n[2] * k * k;
  q.b[2] = n[0] - n[1] * k + n[2] * k * k;
  q.a[0] = d[0] + d[1] * k + d[2] * k * k;
  q.a[1] = 2.0 * d[0] - 2.0 * d[2] * k * k;
  q.a[2] = d[0] - d[1] * k + d[2] * k * k;
  for (int i = 0; i < 3; ++i) {
    q.b[i] /= q.a[0];
    if (i) q.a[i] /= q.a[0];
  }
  q.a[0] = 1.0;
  return q;
}

std::vector<double> biquad_response(std::span<const Biquad> sections, std::span<const double> in) {
  std::vector<double> v(in.begin(), in.end());
  for (const Biquad& s : sections) {
    double s1 = 0.0, s2 = 0.0;
    for (double& x : v) {
      const double y = s.b[0] * x + s1;
      s1 = s.b[1] * x - s.a[1] * y + s2;
      s2 = s.b[2] * x - s.a[2] * y;
      x = y;
    }
  }
  return v;
}

}  // namespace mosaic::phy

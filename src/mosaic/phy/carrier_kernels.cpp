#include "mosaic/phy/carrier_kernels.hpp"

#include "mosaic/core/vector_level.hpp"

namespace mosaic::phy::kernels {

MOSAIC_TARGET_CLONES
void carrier_lanes(const CarrierCoefficients& k, const double* gen, std::size_t samples, double h,
                   int substeps, double* n, double* light) {
  constexpr int L = kCarrierLanes;
  const double a = k.a, b = k.b, c = k.c, scale = k.light_scale;
  const double half = 0.5 * h, sixth = h / 6.0;
  const int mid = substeps / 2;
  double nn[L];
  for (int l = 0; l < L; ++l) nn[l] = n[l];
  // carrier_rk4_step written out over the lanes (recombination n (a + n (b + n c))).
  auto r = [&](double x) { return x * (a + x * (b + x * c)); };
  auto steps = [&](const double* g, int count) {
    for (int s = 0; s < count; ++s) {
      for (int l = 0; l < L; ++l) {
        const double x = nn[l];
        const double k1 = g[l] - r(x);
        const double k2 = g[l] - r(x + half * k1);
        const double k3 = g[l] - r(x + half * k2);
        const double k4 = g[l] - r(x + h * k3);
        const double next = x + sixth * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
        nn[l] = next < 0.0 ? 0.0 : next;
      }
    }
  };
  for (std::size_t i = 0; i < samples; ++i) {
    const double* g = gen + i * L;
    steps(g, mid);
    for (int l = 0; l < L; ++l) light[i * L + l] = b * nn[l] * nn[l] * scale;
    steps(g, substeps - mid);
  }
  for (int l = 0; l < L; ++l) n[l] = nn[l];
}

void carrier_lanes_reference(const CarrierCoefficients& k, const double* gen, std::size_t samples,
                             double h, int substeps, double* n, double* light) {
  for (int l = 0; l < kCarrierLanes; ++l) {
    double x = n[l];
    for (std::size_t i = 0; i < samples; ++i) {
      const double g = gen[i * kCarrierLanes + l];
      for (int s = 0; s < substeps; ++s) {
        if (s == substeps / 2) light[i * kCarrierLanes + l] = k.b * x * x * k.light_scale;
        x = carrier_rk4_step(k, x, g, h);
      }
    }
    n[l] = x;
  }
}

}  // namespace mosaic::phy::kernels

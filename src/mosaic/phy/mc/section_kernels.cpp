#include <algorithm>

#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/vector_clones.hpp"

// The receiver's cascade of sections, in its own file so that it is built with -ffp-contract=off
// (src/mosaic/phy/CMakeLists.txt): every clone, the AVX-512 and AVX2 ones included, rounds each
// product and sum on its own as the baseline does, so a wider clone gives the same samples.
namespace mosaic::phy::mc {
namespace {

template <int N>
MOSAIC_VECTOR_INLINE void sos_fixed(const float* coef, float* state, const float* in, float* out,
                                    std::size_t n) {
  float s1[N][kLanes], s2[N][kLanes];
  for (int s = 0; s < N; ++s)
    for (int l = 0; l < kLanes; ++l) {
      s1[s][l] = state[(2 * s) * kLanes + l];
      s2[s][l] = state[(2 * s + 1) * kLanes + l];
    }
  float c[N][5];
  for (int s = 0; s < N; ++s)
    for (int k = 0; k < 5; ++k) c[s][k] = coef[5 * s + k];
  for (std::size_t i = 0; i < n; ++i) {
    float v[kLanes];
    for (int l = 0; l < kLanes; ++l) v[l] = in[i * kLanes + l];
    for (int s = 0; s < N; ++s) {
      for (int l = 0; l < kLanes; ++l) {
        const float y = c[s][0] * v[l] + s1[s][l];
        s1[s][l] = c[s][1] * v[l] - c[s][3] * y + s2[s][l];
        s2[s][l] = c[s][2] * v[l] - c[s][4] * y;
        v[l] = y;
      }
    }
    for (int l = 0; l < kLanes; ++l) out[i * kLanes + l] = v[l];
  }
  for (int s = 0; s < N; ++s)
    for (int l = 0; l < kLanes; ++l) {
      state[(2 * s) * kLanes + l] = s1[s][l];
      state[(2 * s + 1) * kLanes + l] = s2[s][l];
    }
}

}  // namespace

MOSAIC_TARGET_CLONES
void sos_lanes(const float* coef, int sections, float* state, const float* in, float* out,
               std::size_t n) {
  switch (sections) {
    case 0:
      if (in != out) std::copy(in, in + n * kLanes, out);
      return;
    case 1:
      return sos_fixed<1>(coef, state, in, out, n);
    case 2:
      return sos_fixed<2>(coef, state, in, out, n);
    case 3:
      return sos_fixed<3>(coef, state, in, out, n);
    default:
      return sos_fixed<4>(coef, state, in, out, n);
  }
}

void sos_lanes_reference(const double* coef, int sections, double* state, const float* in,
                         float* out, std::size_t n) {
  for (int l = 0; l < kLanes; ++l) {
    for (std::size_t i = 0; i < n; ++i) {
      double v = in[i * kLanes + l];
      for (int s = 0; s < sections; ++s) {
        const double* c = coef + 5 * s;
        double& s1 = state[(2 * s) * kLanes + l];
        double& s2 = state[(2 * s + 1) * kLanes + l];
        const double y = c[0] * v + s1;
        s1 = c[1] * v - c[3] * y + s2;
        s2 = c[2] * v - c[4] * y;
        v = y;
      }
      out[i * kLanes + l] = static_cast<float>(v);
    }
  }
}

}  // namespace mosaic::phy::mc

#include "mosaic/phy/mc/kernels.hpp"

// The square roots of the noise kernels must vectorize: nothing here relies on errno.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-math-errno")
#endif

#include <algorithm>
#include <bit>
#include <cmath>

#include "mosaic/core/rng.hpp"

// Each hot kernel is compiled for AVX-512, AVX2+FMA and the baseline, and the loader picks the
// best the CPU has (GCC function multiversioning). The scalar references are compiled once.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MOSAIC_MC_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define MOSAIC_MC_CLONES
#endif

namespace mosaic::phy::mc {
namespace {

constexpr std::uint32_t kPhiloxM0 = 0xD2511F53u;
constexpr std::uint32_t kPhiloxM1 = 0xCD9E8D57u;
constexpr std::uint32_t kPhiloxW0 = 0x9E3779B9u;
constexpr std::uint32_t kPhiloxW1 = 0xBB67AE85u;

std::uint32_t mix_index(std::uint64_t v, std::uint32_t mult) {
  return static_cast<std::uint32_t>(v) ^ static_cast<std::uint32_t>(v >> 32) * mult;
}

// ln(x) for x in (0, 1], float: exponent from the bits, mantissa in [sqrt(1/2), sqrt(2)) through
// the atanh series ln m = 2 (s + s^3/3 + ... + s^9/9), s = (m - 1)/(m + 1), |s| < 0.172.
inline float ln_unit(float x) {
  const std::int32_t bits = std::bit_cast<std::int32_t>(x);
  std::int32_t e = (bits >> 23) - 127;
  float m = std::bit_cast<float>((bits & 0x007FFFFF) | 0x3F800000);
  const bool big = m > 1.41421356f;
  m = big ? 0.5f * m : m;
  e = big ? e + 1 : e;
  const float s = (m - 1.0f) / (m + 1.0f);
  const float s2 = s * s;
  const float p = 1.0f + s2 * (1.0f / 3 + s2 * (1.0f / 5 + s2 * (1.0f / 7 + s2 * (1.0f / 9))));
  return static_cast<float>(e) * 0.69314718f + 2.0f * s * p;
}

// Box-Muller pair from two Philox words: the angle goes through its half, h in [-pi/2, pi/2),
// where short Taylor series are accurate to ~1e-7.
inline void box_muller(std::uint32_t a, std::uint32_t b, float& z0, float& z1) {
  const float u1 = static_cast<float>(static_cast<std::int32_t>(a >> 1)) * 0x1.0p-31f + 0x1.0p-32f;
  const float r = std::sqrt(-2.0f * ln_unit(u1));
  const float h =
      3.14159265f * (static_cast<float>(static_cast<std::int32_t>(b >> 8)) * 0x1.0p-24f - 0.5f);
  const float h2 = h * h;
  const float sn =
      h * (1.0f - h2 * (1.0f / 6 - h2 * (1.0f / 120 - h2 * (1.0f / 5040 - h2 * (1.0f / 362880 -
                                                                             h2 / 39916800.0f)))));
  const float cs =
      1.0f - h2 * (0.5f - h2 * (1.0f / 24 - h2 * (1.0f / 720 - h2 * (1.0f / 40320 -
                                                                   h2 * (1.0f / 3628800 -
                                                                         h2 / 479001600.0f)))));
  z0 = r * (cs * cs - sn * sn);
  z1 = r * (2.0f * sn * cs);
}

template <int N>
inline void sos_fixed(const float* coef, float* state, const float* in, float* out,
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

MOSAIC_MC_CLONES
void gaussian_lanes(const LaneKey& key, std::uint32_t first_quad, std::size_t quads, float* out) {
  const std::uint32_t k0 = static_cast<std::uint32_t>(key.seed);
  const std::uint32_t k1 = static_cast<std::uint32_t>(key.seed >> 32);
  const std::uint32_t c1 = key.purpose;
  const std::uint32_t c2 = mix_index(key.index, 0x9E3779B9u);
  std::uint32_t c3[kLanes];
  for (int l = 0; l < kLanes; ++l) c3[l] = mix_index(key.block0 + l, 0x85EBCA6Bu);
  for (std::size_t q = 0; q < quads; ++q) {
    std::uint32_t x0[kLanes], x1[kLanes], x2[kLanes], x3[kLanes];
    for (int l = 0; l < kLanes; ++l) {
      x0[l] = first_quad + static_cast<std::uint32_t>(q);
      x1[l] = c1;
      x2[l] = c2;
      x3[l] = c3[l];
    }
    std::uint32_t ka = k0, kb = k1;
    for (int round = 0; round < 10; ++round) {
      for (int l = 0; l < kLanes; ++l) {
        const std::uint64_t p0 = static_cast<std::uint64_t>(kPhiloxM0) * x0[l];
        const std::uint64_t p1 = static_cast<std::uint64_t>(kPhiloxM1) * x2[l];
        const std::uint32_t y0 = static_cast<std::uint32_t>(p1 >> 32) ^ x1[l] ^ ka;
        const std::uint32_t y1 = static_cast<std::uint32_t>(p1);
        const std::uint32_t y2 = static_cast<std::uint32_t>(p0 >> 32) ^ x3[l] ^ kb;
        const std::uint32_t y3 = static_cast<std::uint32_t>(p0);
        x0[l] = y0;
        x1[l] = y1;
        x2[l] = y2;
        x3[l] = y3;
      }
      ka += kPhiloxW0;
      kb += kPhiloxW1;
    }
    float* o = out + 4 * q * kLanes;
    for (int l = 0; l < kLanes; ++l) {
      float z0, z1, z2, z3;
      box_muller(x0[l], x1[l], z0, z1);
      box_muller(x2[l], x3[l], z2, z3);
      o[l] = z0;
      o[kLanes + l] = z1;
      o[2 * kLanes + l] = z2;
      o[3 * kLanes + l] = z3;
    }
  }
}

void gaussian_lanes_reference(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                              float* out) {
  for (int l = 0; l < kLanes; ++l) {
    Rng rng(key.seed, static_cast<RngPurpose>(key.purpose), key.index, key.block0 + l);
    for (std::uint32_t q = 0; q < first_quad; ++q)
      for (int j = 0; j < 4; ++j) rng.next_u32();
    for (std::size_t q = 0; q < quads; ++q) {
      const std::uint32_t a = rng.next_u32(), b = rng.next_u32(), c = rng.next_u32(),
                          d = rng.next_u32();
      float z[4];
      box_muller(a, b, z[0], z[1]);
      box_muller(c, d, z[2], z[3]);
      for (int j = 0; j < 4; ++j) out[(4 * q + j) * kLanes + l] = z[j];
    }
  }
}

MOSAIC_MC_CLONES
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

MOSAIC_MC_CLONES
void tx_lanes(const float* pulse, int taps_ui, int os, const float* bits, std::size_t k0,
              std::size_t nbits, float base, float scale, float* out) {
  for (std::size_t k = 0; k < nbits; ++k) {
    for (int j = 0; j < os; ++j) {
      float acc[kLanes];
      for (int l = 0; l < kLanes; ++l) acc[l] = 0.0f;
      for (int i = 0; i < taps_ui; ++i) {
        const float p = pulse[i * os + j];
        const float* b = bits + (k0 + k - i) * kLanes;
        for (int l = 0; l < kLanes; ++l) acc[l] += b[l] * p;
      }
      float* o = out + (k * os + j) * kLanes;
      for (int l = 0; l < kLanes; ++l) o[l] = base + scale * acc[l];
    }
  }
}

void tx_lanes_reference(const float* pulse, int taps_ui, int os, const float* bits,
                        std::size_t k0, std::size_t nbits, float base, float scale, float* out) {
  for (int l = 0; l < kLanes; ++l)
    for (std::size_t n = 0; n < nbits * os; ++n) {
      const std::size_t k = n / os;
      const int j = static_cast<int>(n % os);
      double acc = 0.0;
      for (int i = 0; i < taps_ui; ++i)
        acc += static_cast<double>(bits[(k0 + k - i) * kLanes + l]) * pulse[i * os + j];
      out[n * kLanes + l] = static_cast<float>(base + scale * acc);
    }
}

MOSAIC_MC_CLONES
void fir_lanes(const float* taps, int ntaps, const float* in, float* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    float acc[kLanes];
    for (int l = 0; l < kLanes; ++l) acc[l] = 0.0f;
    for (int m = 0; m < ntaps; ++m) {
      const float t = taps[m];
      const float* x = in + (i + ntaps - 1 - m) * kLanes;
      for (int l = 0; l < kLanes; ++l) acc[l] += t * x[l];
    }
    for (int l = 0; l < kLanes; ++l) out[i * kLanes + l] = acc[l];
  }
}

void fir_lanes_reference(const float* taps, int ntaps, const float* in, float* out,
                         std::size_t n) {
  for (int l = 0; l < kLanes; ++l)
    for (std::size_t i = 0; i < n; ++i) {
      double acc = 0.0;
      for (int m = 0; m < ntaps; ++m)
        acc += static_cast<double>(taps[m]) * in[(i + ntaps - 1 - m) * kLanes + l];
      out[i * kLanes + l] = static_cast<float>(acc);
    }
}

MOSAIC_MC_CLONES
void axpy_lanes(float kappa, const float* x, float* acc, std::size_t n) {
  for (std::size_t i = 0; i < n * kLanes; ++i) acc[i] += kappa * x[i];
}

MOSAIC_MC_CLONES
void add_noise_lanes(const float* x, const float* u, float thermal_var, float shot_per_a,
                     float* y, std::size_t n) {
  for (std::size_t i = 0; i < n * kLanes; ++i)
    y[i] = x[i] + u[i] * std::sqrt(thermal_var + shot_per_a * std::max(x[i], 0.0f));
}

void add_noise_lanes_reference(const float* x, const float* u, float thermal_var,
                               float shot_per_a, float* y, std::size_t n) {
  for (std::size_t i = 0; i < n * kLanes; ++i) {
    const double v = thermal_var + static_cast<double>(shot_per_a) * std::max(x[i], 0.0f);
    y[i] = static_cast<float>(x[i] + u[i] * std::sqrt(v));
  }
}

}  // namespace mosaic::phy::mc

#include "mosaic/phy/mc/kernels.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#if defined(__x86_64__) && defined(__GNUC__)
// GCC 12's AVX-512 intrinsics start their results from _mm512_undefined_*(), which
// -W(maybe-)uninitialized reports as a use of an uninitialized value (a false positive).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#define MOSAIC_MC_X86 1
#endif

#include "mosaic/core/rng.hpp"
#include "mosaic/core/vector_level.hpp"
#include "mosaic/phy/mc/philox_x86.hpp"
#include "mosaic/phy/mc/vector_clones.hpp"

// Each hot kernel is compiled for AVX-512, AVX2+FMA and the baseline, and the loader picks the
// best the CPU has (GCC function multiversioning). The scalar references are compiled once.

namespace mosaic::phy::mc {
namespace {

std::uint32_t mix_index(std::uint64_t v, std::uint32_t mult) {
  return static_cast<std::uint32_t>(v) ^ static_cast<std::uint32_t>(v >> 32) * mult;
}

// ln(x) for x in (0, 1], float: exponent from the bits, mantissa in [sqrt(1/2), sqrt(2)) through
// the atanh series ln m = 2 (s + s^3/3 + ... + s^9/9), s = (m - 1)/(m + 1), |s| < 0.172.
MOSAIC_VECTOR_INLINE float ln_unit(float x) {
  const std::int32_t bits = std::bit_cast<std::int32_t>(x);
  std::int32_t e = (bits >> 23) - 127;
  float m = std::bit_cast<float>((bits & 0x007FFFFF) | 0x3F800000);
  const std::int32_t big = m > 1.41421356f;  // arithmetic, not branches: vectorizes anywhere
  m *= 1.0f - 0.5f * static_cast<float>(big);
  e += big;
  const float s = (m - 1.0f) / (m + 1.0f);
  const float s2 = s * s;
  const float p = 1.0f + s2 * (1.0f / 3 + s2 * (1.0f / 5 + s2 * (1.0f / 7 + s2 * (1.0f / 9))));
  return static_cast<float>(e) * 0.69314718f + 2.0f * s * p;
}

// Box-Muller pair from two Philox words: the angle goes through its half, h in [-pi/2, pi/2),
// where short Taylor series are accurate to ~1e-7.
MOSAIC_VECTOR_INLINE void box_muller(std::uint32_t a, std::uint32_t b, float& z0, float& z1) {
  const float u1 = static_cast<float>(static_cast<std::int32_t>(a >> 1)) * 0x1.0p-31f + 0x1.0p-32f;
  const float r2 = -2.0f * ln_unit(u1);
  const float r = std::sqrt(r2);
  const float h =
      3.14159265f * (static_cast<float>(static_cast<std::int32_t>(b >> 8)) * 0x1.0p-24f - 0.5f);
  const float h2 = h * h;
  const float sn =
      h * (1.0f -
           h2 * (1.0f / 6 -
                 h2 * (1.0f / 120 - h2 * (1.0f / 5040 - h2 * (1.0f / 362880 - h2 / 39916800.0f)))));
  const float cs =
      1.0f -
      h2 * (0.5f - h2 * (1.0f / 24 -
                         h2 * (1.0f / 720 -
                               h2 * (1.0f / 40320 - h2 * (1.0f / 3628800 - h2 / 479001600.0f)))));
  z0 = r * (cs * cs - sn * sn);
  z1 = r * (2.0f * sn * cs);
}

// Philox4x32-10 words of every lane: w[(4 q + j) * kLanes + l] = word j of counter q of lane l.
void philox_words_scalar(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                         std::uint32_t* w) {
  const std::uint32_t c1 = key.purpose;
  const std::uint32_t c2 = mix_index(key.index, 0x9E3779B9u);
  for (std::size_t q = 0; q < quads; ++q) {
    for (int l = 0; l < kLanes; ++l) {
      std::uint32_t x0 = first_quad + static_cast<std::uint32_t>(q), x1 = c1, x2 = c2;
      std::uint32_t x3 = mix_index(key.block0 + l, 0x85EBCA6Bu);
      std::uint32_t ka = static_cast<std::uint32_t>(key.seed);
      std::uint32_t kb = static_cast<std::uint32_t>(key.seed >> 32);
      for (int round = 0; round < 10; ++round) {
        const std::uint64_t p0 = static_cast<std::uint64_t>(philox::kM0) * x0;
        const std::uint64_t p1 = static_cast<std::uint64_t>(philox::kM1) * x2;
        x0 = static_cast<std::uint32_t>(p1 >> 32) ^ x1 ^ ka;
        x1 = static_cast<std::uint32_t>(p1);
        x2 = static_cast<std::uint32_t>(p0 >> 32) ^ x3 ^ kb;
        x3 = static_cast<std::uint32_t>(p0);
        ka += philox::kW0;
        kb += philox::kW1;
      }
      w[(4 * q + 0) * kLanes + l] = x0;
      w[(4 * q + 1) * kLanes + l] = x1;
      w[(4 * q + 2) * kLanes + l] = x2;
      w[(4 * q + 3) * kLanes + l] = x3;
    }
  }
}

#ifdef MOSAIC_MC_X86
using philox::KeySchedule;
using philox::mulhilo16;
using philox::mulhilo8;

__attribute__((target("avx2"))) void philox_words_avx2(const LaneKey& key, std::uint32_t first_quad,
                                                       std::size_t quads, std::uint32_t* w) {
  constexpr int kVec = kLanes / 8;
  const __m256i m0 = _mm256_set1_epi32(static_cast<int>(philox::kM0));
  const __m256i m1 = _mm256_set1_epi32(static_cast<int>(philox::kM1));
  const __m256i c1 = _mm256_set1_epi32(static_cast<int>(key.purpose));
  const __m256i c2 = _mm256_set1_epi32(static_cast<int>(mix_index(key.index, 0x9E3779B9u)));
  __m256i c3[kVec];
  for (int v = 0; v < kVec; ++v) {
    alignas(32) std::uint32_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = mix_index(key.block0 + 8 * v + i, 0x85EBCA6Bu);
    c3[v] = _mm256_load_si256(reinterpret_cast<const __m256i*>(b));
  }
  const KeySchedule ks(key.seed);
  for (std::size_t q = 0; q < quads; ++q) {
    for (int v = 0; v < kVec; ++v) {
      __m256i x0 = _mm256_set1_epi32(static_cast<int>(first_quad + q));
      __m256i x1 = c1, x2 = c2, x3 = c3[v];
      for (int r = 0; r < 10; ++r) {
        __m256i hi0, lo0, hi1, lo1;
        mulhilo8(x0, m0, hi0, lo0);
        mulhilo8(x2, m1, hi1, lo1);
        const __m256i ka = _mm256_set1_epi32(static_cast<int>(ks.a[r]));
        const __m256i kb = _mm256_set1_epi32(static_cast<int>(ks.b[r]));
        x0 = _mm256_xor_si256(_mm256_xor_si256(hi1, x1), ka);
        x1 = lo1;
        x2 = _mm256_xor_si256(_mm256_xor_si256(hi0, x3), kb);
        x3 = lo0;
      }
      auto* o = reinterpret_cast<__m256i*>(w + 4 * q * kLanes + 8 * v);
      _mm256_storeu_si256(o, x0);
      _mm256_storeu_si256(o + kLanes / 8, x1);
      _mm256_storeu_si256(o + 2 * kLanes / 8, x2);
      _mm256_storeu_si256(o + 3 * kLanes / 8, x3);
    }
  }
}

// The same rounds with all kLanes lanes in one AVX-512 register, two counters at a time (the
// rounds are a dependency chain: two chains keep the multipliers busy).
__attribute__((target("avx512f"))) void philox_words_avx512(const LaneKey& key,
                                                            std::uint32_t first_quad,
                                                            std::size_t quads, std::uint32_t* w) {
  static_assert(kLanes == 16, "one AVX-512 register of 32-bit words per counter");
  const __m512i m0 = _mm512_set1_epi32(static_cast<int>(philox::kM0));
  const __m512i m1 = _mm512_set1_epi32(static_cast<int>(philox::kM1));
  const __m512i c1 = _mm512_set1_epi32(static_cast<int>(key.purpose));
  const __m512i c2 = _mm512_set1_epi32(static_cast<int>(mix_index(key.index, 0x9E3779B9u)));
  alignas(64) std::uint32_t b[kLanes];
  for (int i = 0; i < kLanes; ++i) b[i] = mix_index(key.block0 + i, 0x85EBCA6Bu);
  const __m512i c3 = _mm512_load_si512(b);
  const KeySchedule ks(key.seed);
  constexpr int kChains = 2;
  for (std::size_t q = 0; q < quads; q += kChains) {
    const int n = static_cast<int>(std::min<std::size_t>(kChains, quads - q));
    __m512i x0[kChains], x1[kChains], x2[kChains], x3[kChains];
    for (int c = 0; c < kChains; ++c) {
      x0[c] = _mm512_set1_epi32(static_cast<int>(first_quad + q + c));
      x1[c] = c1;
      x2[c] = c2;
      x3[c] = c3;
    }
    for (int r = 0; r < 10; ++r) {
      const __m512i ka = _mm512_set1_epi32(static_cast<int>(ks.a[r]));
      const __m512i kb = _mm512_set1_epi32(static_cast<int>(ks.b[r]));
      for (int c = 0; c < kChains; ++c) {
        __m512i hi0, lo0, hi1, lo1;
        mulhilo16(x0[c], m0, hi0, lo0);
        mulhilo16(x2[c], m1, hi1, lo1);
        x0[c] = _mm512_xor_si512(_mm512_xor_si512(hi1, x1[c]), ka);
        x1[c] = lo1;
        x2[c] = _mm512_xor_si512(_mm512_xor_si512(hi0, x3[c]), kb);
        x3[c] = lo0;
      }
    }
    for (int c = 0; c < n; ++c) {
      std::uint32_t* o = w + 4 * (q + c) * kLanes;
      _mm512_storeu_si512(o, x0[c]);
      _mm512_storeu_si512(o + kLanes, x1[c]);
      _mm512_storeu_si512(o + 2 * kLanes, x2[c]);
      _mm512_storeu_si512(o + 3 * kLanes, x3[c]);
    }
  }
}
#endif

void philox_words(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                  std::uint32_t* w) {
#ifdef MOSAIC_MC_X86
  static const bool avx512 = __builtin_cpu_supports("avx512f");
  if (avx512) return philox_words_avx512(key, first_quad, quads, w);
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return philox_words_avx2(key, first_quad, quads, w);
#endif
  philox_words_scalar(key, first_quad, quads, w);
}

MOSAIC_TARGET_CLONES
void box_muller_lanes(const std::uint32_t* w, std::size_t quads, float* out) {
  for (std::size_t q = 0; q < quads; ++q) {
    const std::uint32_t* x = w + 4 * q * kLanes;
    float* o = out + 4 * q * kLanes;
    for (int l = 0; l < kLanes; ++l) {
      float z0, z1, z2, z3;
      box_muller(x[l], x[kLanes + l], z0, z1);
      box_muller(x[2 * kLanes + l], x[3 * kLanes + l], z2, z3);
      o[l] = z0;
      o[kLanes + l] = z1;
      o[2 * kLanes + l] = z2;
      o[3 * kLanes + l] = z3;
    }
  }
}

// The lanes' Philox words in chunks that stay in L1 between the integer pass and `convert`'s,
// which turns n quads of every lane into out values.
template <typename T, typename Convert>
void from_word_chunks(const LaneKey& key, std::uint32_t first_quad, std::size_t quads, T* out,
                      Convert convert) {
  constexpr std::size_t kChunk = 64;
  alignas(64) std::uint32_t w[4 * kChunk * kLanes];
  for (std::size_t q = 0; q < quads; q += kChunk) {
    const std::size_t n = std::min(kChunk, quads - q);
    philox_words(key, first_quad + static_cast<std::uint32_t>(q), n, w);
    convert(w, n, out + 4 * q * kLanes);
  }
}

// Lane l's stream as the references read it: an Rng at the lane's block, first_quad quads on.
Rng lane_stream(const LaneKey& key, int l, std::uint32_t first_quad) {
  Rng rng(key.seed, static_cast<RngPurpose>(key.purpose), key.index, key.block0 + l);
  for (std::uint32_t q = 0; q < first_quad; ++q)
    for (int j = 0; j < 4; ++j) rng.next_u32();
  return rng;
}

}  // namespace

void gaussian_lanes(const LaneKey& key, std::uint32_t first_quad, std::size_t quads, float* out) {
  from_word_chunks(key, first_quad, quads, out, box_muller_lanes);
}

void word_lanes(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                std::uint32_t* out) {
  philox_words(key, first_quad, quads, out);
}

void word_lanes_reference(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                          std::uint32_t* out) {
  for (int l = 0; l < kLanes; ++l) {
    Rng rng = lane_stream(key, l, first_quad);
    for (std::size_t q = 0; q < quads; ++q)
      for (int j = 0; j < 4; ++j) out[(4 * q + j) * kLanes + l] = rng.next_u32();
  }
}

void gaussian_lanes_reference(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                              float* out) {
  for (int l = 0; l < kLanes; ++l) {
    Rng rng = lane_stream(key, l, first_quad);
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

MOSAIC_TARGET_CLONES
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

void tx_lanes_reference(const float* pulse, int taps_ui, int os, const float* bits, std::size_t k0,
                        std::size_t nbits, float base, float scale, float* out) {
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

MOSAIC_TARGET_CLONES
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

void fir_lanes_reference(const float* taps, int ntaps, const float* in, float* out, std::size_t n) {
  for (int l = 0; l < kLanes; ++l)
    for (std::size_t i = 0; i < n; ++i) {
      double acc = 0.0;
      for (int m = 0; m < ntaps; ++m)
        acc += static_cast<double>(taps[m]) * in[(i + ntaps - 1 - m) * kLanes + l];
      out[i * kLanes + l] = static_cast<float>(acc);
    }
}

MOSAIC_TARGET_CLONES
void axpy_lanes(float kappa, const float* x, float* acc, std::size_t n) {
  for (std::size_t i = 0; i < n * kLanes; ++i) acc[i] += kappa * x[i];
}

MOSAIC_TARGET_CLONES
void add_noise_lanes(const float* x, const float* u, float thermal_var, float shot_per_a, float* y,
                     std::size_t n) {
  for (std::size_t i = 0; i < n * kLanes; ++i) {
    const float v = thermal_var + shot_per_a * (x[i] > 0.0f ? x[i] : 0.0f);
    y[i] = x[i] + u[i] * std::sqrt(v);
  }
}

void add_noise_lanes_reference(const float* x, const float* u, float thermal_var, float shot_per_a,
                               float* y, std::size_t n) {
  for (std::size_t i = 0; i < n * kLanes; ++i) {
    const double v = thermal_var + static_cast<double>(shot_per_a) * std::max(x[i], 0.0f);
    y[i] = static_cast<float>(x[i] + u[i] * std::sqrt(v));
  }
}

}  // namespace mosaic::phy::mc

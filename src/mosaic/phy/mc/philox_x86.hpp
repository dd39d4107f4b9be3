#pragma once

// The pieces of Philox4x32-10 that the Monte Carlo lane kernels' AVX2 and AVX-512 copies share:
// the round keys and the 32 x 32 -> 64-bit products of a register of lanes. kernels.cpp compiles
// its functions with target attributes and chooses between them at run time; nothing here
// assumes the CPU has them.
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#include <cstdint>

#include "mosaic/core/rng.hpp"

namespace mosaic::philox {

// Philox's round keys: the key's two words, bumped by the Weyl constants each round.
struct KeySchedule {
  KeySchedule(std::uint32_t k0, std::uint32_t k1) {
    a[0] = k0;
    b[0] = k1;
    for (int r = 1; r < 10; ++r) {
      a[r] = a[r - 1] + kW0;
      b[r] = b[r - 1] + kW1;
    }
  }
  explicit KeySchedule(std::uint64_t seed)
      : KeySchedule(static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)) {}
  std::uint32_t a[10], b[10];
};

// 32x32 -> 64 products of 8 lanes: even lanes directly, odd lanes after a 32-bit shift.
__attribute__((target("avx2"))) inline void mulhilo8(__m256i x, __m256i m, __m256i& hi,
                                                     __m256i& lo) {
  const __m256i pe = _mm256_mul_epu32(x, m);
  const __m256i po = _mm256_mul_epu32(_mm256_srli_epi64(x, 32), m);
  lo = _mm256_blend_epi32(pe, _mm256_slli_epi64(po, 32), 0xAA);
  hi = _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xAA);
}

// The same for 16 lanes in one AVX-512 register.
__attribute__((target("avx512f"))) inline void mulhilo16(__m512i x, __m512i m, __m512i& hi,
                                                         __m512i& lo) {
  const __m512i pe = _mm512_mul_epu32(x, m);
  const __m512i po = _mm512_mul_epu32(_mm512_srli_epi64(x, 32), m);
  lo = _mm512_mask_blend_epi32(0xAAAA, pe, _mm512_slli_epi64(po, 32));
  hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(pe, 32), po);
}

}  // namespace mosaic::philox
#endif

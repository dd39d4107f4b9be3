#include <algorithm>
#include <array>

#if defined(__x86_64__) && defined(__GNUC__)
// GCC 12's AVX-512 intrinsics start their results from _mm512_undefined_*(), which
// -W(maybe-)uninitialized reports as a use of an uninitialized value (a false positive).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "mosaic/core/philox_x86.hpp"
#include "mosaic/core/rng.hpp"

// Compiled for AVX-512, AVX2 and the baseline, the loader picking the best the CPU has: the
// rounds are integer arithmetic, the same bits in every clone.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MOSAIC_RNG_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define MOSAIC_RNG_CLONES
#endif

namespace mosaic {
namespace {

constexpr std::size_t kBatch = 16;  // Philox blocks per pass: one vector register of each word

// kBatch words side by side (GCC / clang vector extensions: written out, because the compiler
// does not vectorise the rounds' 32 x 32 -> 64-bit products on its own).
using Words = std::uint32_t __attribute__((vector_size(kBatch * sizeof(std::uint32_t))));
using Wide = std::uint64_t __attribute__((vector_size(kBatch * sizeof(std::uint64_t))));

// Philox4x32-10 (Salmon et al., SC 2011) of the counters {first + i, c1, c2, c3}, i < kBatch,
// under key {k0, k1}, as two uniforms per block: word 0 high and word 1 low, then words 2 and 3,
// the order Rng::uniform() reads them in.
MOSAIC_RNG_CLONES void philox_uniforms(std::uint32_t first, std::uint32_t c1, std::uint32_t c2,
                                       std::uint32_t c3, std::uint32_t k0, std::uint32_t k1,
                                       double* out) {
  Words x0, x1, x2, x3;
  for (std::size_t i = 0; i < kBatch; ++i) {
    x0[i] = first + static_cast<std::uint32_t>(i);
    x1[i] = c1;
    x2[i] = c2;
    x3[i] = c3;
  }
  std::uint32_t ka = k0, kb = k1;
  for (int round = 0; round < 10; ++round) {
    const Wide p0 = __builtin_convertvector(x0, Wide) * std::uint64_t{philox::kM0};
    const Wide p1 = __builtin_convertvector(x2, Wide) * std::uint64_t{philox::kM1};
    const Words y0 = __builtin_convertvector(p1 >> 32, Words) ^ x1 ^ ka;
    const Words y2 = __builtin_convertvector(p0 >> 32, Words) ^ x3 ^ kb;
    x1 = __builtin_convertvector(p1, Words);
    x3 = __builtin_convertvector(p0, Words);
    x0 = y0;
    x2 = y2;
    ka += philox::kW0;
    kb += philox::kW1;
  }
  const Wide a = (__builtin_convertvector(x0, Wide) << 32) | __builtin_convertvector(x1, Wide);
  const Wide b = (__builtin_convertvector(x2, Wide) << 32) | __builtin_convertvector(x3, Wide);
  for (std::size_t i = 0; i < kBatch; ++i) {
    out[2 * i] = (static_cast<double>(a[i] >> 11) + 0.5) * 0x1.0p-53;
    out[2 * i + 1] = (static_cast<double>(b[i] >> 11) + 0.5) * 0x1.0p-53;
  }
}

#ifdef MOSAIC_PHILOX_X86
constexpr std::size_t kWideBlocks = 2 * kBatch;  // two chains of 16 counters: 64 uniforms

// The uniforms of one chain's 16 blocks, in Rng::uniform()'s order: block i gives
// (x0 << 32 | x1) then (x2 << 32 | x3). The 64-bit words are paired by unpacking and their
// 128-bit quarters transposed, then converted as uniform() converts them.
__attribute__((target("avx512f,avx512dq"))) void store_uniforms16(__m512i x0, __m512i x1,
                                                                  __m512i x2, __m512i x3,
                                                                  double* out) {
  const __m512i a_lo = _mm512_unpacklo_epi32(x1, x0);  // a of blocks 0 1 | 4 5 | 8 9 | 12 13
  const __m512i a_hi = _mm512_unpackhi_epi32(x1, x0);  // a of blocks 2 3 | 6 7 | ...
  const __m512i b_lo = _mm512_unpacklo_epi32(x3, x2);
  const __m512i b_hi = _mm512_unpackhi_epi32(x3, x2);
  const __m512i p = _mm512_unpacklo_epi64(a_lo, b_lo);  // a0 b0 | a4 b4 | a8 b8 | a12 b12
  const __m512i q = _mm512_unpackhi_epi64(a_lo, b_lo);  // a1 b1 | a5 b5 | ...
  const __m512i r = _mm512_unpacklo_epi64(a_hi, b_hi);  // a2 b2 | a6 b6 | ...
  const __m512i s = _mm512_unpackhi_epi64(a_hi, b_hi);  // a3 b3 | a7 b7 | ...
  const __m512i t0 = _mm512_shuffle_i64x2(p, q, 0x44), t1 = _mm512_shuffle_i64x2(r, s, 0x44);
  const __m512i t2 = _mm512_shuffle_i64x2(p, q, 0xEE), t3 = _mm512_shuffle_i64x2(r, s, 0xEE);
  const __m512i words[4] = {_mm512_shuffle_i64x2(t0, t1, 0x88), _mm512_shuffle_i64x2(t0, t1, 0xDD),
                            _mm512_shuffle_i64x2(t2, t3, 0x88), _mm512_shuffle_i64x2(t2, t3, 0xDD)};
  const __m512d half = _mm512_set1_pd(0.5), scale = _mm512_set1_pd(0x1.0p-53);
  for (int v = 0; v < 4; ++v) {
    const __m512d d = _mm512_cvtepi64_pd(_mm512_srli_epi64(words[v], 11));
    _mm512_storeu_pd(out + 8 * v, _mm512_mul_pd(_mm512_add_pd(d, half), scale));
  }
}

// kWideBlocks blocks: the rounds of two chains of 16 counters interleaved (each is a dependency
// chain; two keep the multipliers busy), with the products as 32 x 32 -> 64-bit multiplies.
// (The vector-extension version above multiplies 64 x 64, which GCC cannot narrow.)
__attribute__((target("avx512f,avx512dq"))) void philox_uniforms_avx512(
    std::uint32_t first, std::uint32_t c1, std::uint32_t c2, std::uint32_t c3, std::uint32_t k0,
    std::uint32_t k1, double* out) {
  constexpr int kChains = 2;
  const __m512i m0 = _mm512_set1_epi32(static_cast<int>(philox::kM0));
  const __m512i m1 = _mm512_set1_epi32(static_cast<int>(philox::kM1));
  const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const philox::KeySchedule ks(k0, k1);
  __m512i x0[kChains], x1[kChains], x2[kChains], x3[kChains];
  for (int c = 0; c < kChains; ++c) {
    x0[c] = _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(first + 16u * c)), lane);
    x1[c] = _mm512_set1_epi32(static_cast<int>(c1));
    x2[c] = _mm512_set1_epi32(static_cast<int>(c2));
    x3[c] = _mm512_set1_epi32(static_cast<int>(c3));
  }
  for (int round = 0; round < 10; ++round) {
    const __m512i ka = _mm512_set1_epi32(static_cast<int>(ks.a[round]));
    const __m512i kb = _mm512_set1_epi32(static_cast<int>(ks.b[round]));
    for (int c = 0; c < kChains; ++c) {
      __m512i hi0, lo0, hi1, lo1;
      philox::mulhilo16(x0[c], m0, hi0, lo0);
      philox::mulhilo16(x2[c], m1, hi1, lo1);
      x0[c] = _mm512_xor_si512(_mm512_xor_si512(hi1, x1[c]), ka);
      x1[c] = lo1;
      x2[c] = _mm512_xor_si512(_mm512_xor_si512(hi0, x3[c]), kb);
      x3[c] = lo0;
    }
  }
  for (int c = 0; c < kChains; ++c) store_uniforms16(x0[c], x1[c], x2[c], x3[c], out + 32 * c);
}

bool has_avx512dq() {
  static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
  return yes;
}
#endif

}  // namespace

void Rng::fill_uniform(double* out, std::size_t n) {
  // Words left in the current block first, one uniform at a time as uniform() takes them.
  while (n > 0 && pos_ != 4) {
    *out++ = uniform();
    --n;
  }
  // Then whole blocks, kBatch at a time: two uniforms each, the counter advancing as refill's.
#ifdef MOSAIC_PHILOX_X86
  if (has_avx512dq()) {
    while (n >= 2 * kWideBlocks) {
      philox_uniforms_avx512(ctr_.v[0], ctr_.v[1], ctr_.v[2], ctr_.v[3], key_.v[0], key_.v[1], out);
      ctr_.v[0] += static_cast<std::uint32_t>(kWideBlocks);
      out += 2 * kWideBlocks;
      n -= 2 * kWideBlocks;
    }
  }
#endif
  while (n >= 2 * kBatch) {
    philox_uniforms(ctr_.v[0], ctr_.v[1], ctr_.v[2], ctr_.v[3], key_.v[0], key_.v[1], out);
    ctr_.v[0] += static_cast<std::uint32_t>(kBatch);
    out += 2 * kBatch;
    n -= 2 * kBatch;
  }
  // A last partial batch: the whole batch computed (cheaper than a few blocks one by one), the
  // blocks asked for kept, the counter advanced past those alone.
  if (const std::size_t blocks = n / 2; blocks > 0) {
    std::array<double, 2 * kBatch> batch;
    philox_uniforms(ctr_.v[0], ctr_.v[1], ctr_.v[2], ctr_.v[3], key_.v[0], key_.v[1], batch.data());
    std::copy(batch.begin(), batch.begin() + 2 * blocks, out);
    ctr_.v[0] += static_cast<std::uint32_t>(blocks);
    out += 2 * blocks;
    n -= 2 * blocks;
  }
  while (n > 0) {
    *out++ = uniform();
    --n;
  }
}

}  // namespace mosaic

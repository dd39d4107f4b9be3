#include "mosaic/link/rs_kernels.hpp"

#if MOSAIC_HAVE_SYNDROME_KERNEL
#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <cstddef>

namespace mosaic::link::rs_kernels {
namespace {

// x times each lane's constant, plus `add`: a constant multiply in GF(2^10) is linear over GF(2),
// so it is the XOR of the constant's columns (its products with 1, alpha, ..., alpha^9) over the
// set bits of x. Two partial sums halve the XOR chain; 0x78 is a ^ (b & c).
__attribute__((target("avx512f,avx512bw"))) inline __m512i times_columns(__m512i x,
                                                                         const __m512i* col,
                                                                         __m512i add) {
  __m512i even = add;
  __m512i odd = _mm512_setzero_si512();
  for (int b = 0; b < kSymbolBits; b += 2) {
    const __m512i bit0 = _mm512_srai_epi16(_mm512_slli_epi16(x, 15 - b), 15);
    const __m512i bit1 = _mm512_srai_epi16(_mm512_slli_epi16(x, 14 - b), 15);
    even = _mm512_ternarylogic_epi32(even, bit0, col[b], 0x78);
    odd = _mm512_ternarylogic_epi32(odd, bit1, col[b + 1], 0x78);
  }
  return _mm512_xor_si512(even, odd);
}

// The same kernels on AVX2: 32 lanes of 16 bits as two registers, the column XOR as AND + XOR.
struct LanePair {
  __m256i lo, hi;
};

// Row b of the columns, lanes 16 half .. 16 half + 15.
__attribute__((target("avx2"), always_inline)) inline __m256i column_avx2(
    const std::uint16_t* columns, int b, int half) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(columns + 32 * b + 16 * half));
}

__attribute__((target("avx2"), always_inline)) inline LanePair times_columns_avx2(
    LanePair x, const std::uint16_t* columns, LanePair add) {
  LanePair even = add;
  LanePair odd = {_mm256_setzero_si256(), _mm256_setzero_si256()};
  for (int b = 0; b < kSymbolBits; b += 2) {
    const __m256i lo0 = _mm256_srai_epi16(_mm256_slli_epi16(x.lo, 15 - b), 15);
    const __m256i hi0 = _mm256_srai_epi16(_mm256_slli_epi16(x.hi, 15 - b), 15);
    const __m256i lo1 = _mm256_srai_epi16(_mm256_slli_epi16(x.lo, 14 - b), 15);
    const __m256i hi1 = _mm256_srai_epi16(_mm256_slli_epi16(x.hi, 14 - b), 15);
    even.lo = _mm256_xor_si256(even.lo, _mm256_and_si256(lo0, column_avx2(columns, b, 0)));
    even.hi = _mm256_xor_si256(even.hi, _mm256_and_si256(hi0, column_avx2(columns, b, 1)));
    odd.lo = _mm256_xor_si256(odd.lo, _mm256_and_si256(lo1, column_avx2(columns, b + 1, 0)));
    odd.hi = _mm256_xor_si256(odd.hi, _mm256_and_si256(hi1, column_avx2(columns, b + 1, 1)));
  }
  return {_mm256_xor_si256(even.lo, odd.lo), _mm256_xor_si256(even.hi, odd.hi)};
}

// A block's zero lanes (bit d of `roots`: lambda(alpha^-(32 block + d)) = 0, the first `lanes`
// valid) appended to `where` in increasing order; false past `most` roots.
bool add_roots(std::uint32_t roots, int lanes, int block, int most, int* where, int& found) {
  if (lanes < 32) roots &= (1u << lanes) - 1u;
  while (roots) {
    if (found == most) return false;
    where[found++] = 32 * block + std::countr_zero(roots);
    roots &= roots - 1;
  }
  return true;
}

}  // namespace

// All syndromes at once, one root per 16-bit lane: Horner's s <- s * alpha^j + c_i, the constant
// multiply as the XOR of the columns alpha^(j + b) over the set bits b of s (it is linear over
// GF(2)). `columns` holds 10 rows of 32 lanes (zero past the last root); `out` gets 32 lanes.
__attribute__((target("avx512f,avx512bw"))) void syndromes_avx512(const std::uint16_t* cw, int n,
                                                                  const std::uint16_t* columns,
                                                                  std::uint16_t* out) {
  __m512i col[kSymbolBits];
  for (int b = 0; b < kSymbolBits; ++b) col[b] = _mm512_loadu_si512(columns + 32 * b);
  __m512i s = _mm512_setzero_si512();
  for (int i = 0; i < n; ++i) {
    s = times_columns(s, col, _mm512_set1_epi16(static_cast<short>(cw[i])));
  }
  _mm512_storeu_si512(out, s);
}

// Chien search 32 positions at a time, one position d per lane: lambda(alpha^-d) by Horner over
// the locator's coefficients, the multiply by each lane's alpha^-d as the XOR of its columns
// alpha^(b - d) over the set bits b (`columns`: per block of 32 positions, 10 rows of 32 lanes).
// Writes the roots' degrees in increasing order; returns their count, or -1 past `most`.
__attribute__((target("avx512f,avx512bw"))) int chien_avx512(const std::uint16_t* lambda, int l,
                                                             const std::uint16_t* columns, int n,
                                                             int most, int* where) {
  int found = 0;
  for (int block = 0; 32 * block < n; ++block) {
    const std::uint16_t* c = columns + std::size_t(block) * 32 * kSymbolBits;
    __m512i col[kSymbolBits];
    for (int b = 0; b < kSymbolBits; ++b) col[b] = _mm512_loadu_si512(c + 32 * b);
    __m512i acc = _mm512_set1_epi16(static_cast<short>(lambda[l]));
    for (int j = l - 1; j >= 0; --j) {
      acc = times_columns(acc, col, _mm512_set1_epi16(static_cast<short>(lambda[j])));
    }
    const int lanes = std::min(32, n - 32 * block);
    const std::uint32_t roots = _mm512_cmpeq_epi16_mask(acc, _mm512_setzero_si512());
    if (!add_roots(roots, lanes, block, most, where, found)) return -1;
  }
  return found;
}

__attribute__((target("avx2"))) void syndromes_avx2(const std::uint16_t* cw, int n,
                                                    const std::uint16_t* columns,
                                                    std::uint16_t* out) {
  LanePair s = {_mm256_setzero_si256(), _mm256_setzero_si256()};
  for (int i = 0; i < n; ++i) {
    const __m256i c = _mm256_set1_epi16(static_cast<short>(cw[i]));
    s = times_columns_avx2(s, columns, {c, c});
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), s.lo);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 16), s.hi);
}

__attribute__((target("avx2"))) int chien_avx2(const std::uint16_t* lambda, int l,
                                               const std::uint16_t* columns, int n, int most,
                                               int* where) {
  int found = 0;
  for (int block = 0; 32 * block < n; ++block) {
    const std::uint16_t* c = columns + std::size_t(block) * 32 * kSymbolBits;
    const __m256i top = _mm256_set1_epi16(static_cast<short>(lambda[l]));
    LanePair acc = {top, top};
    for (int j = l - 1; j >= 0; --j) {
      const __m256i coef = _mm256_set1_epi16(static_cast<short>(lambda[j]));
      acc = times_columns_avx2(acc, c, {coef, coef});
    }
    const int lanes = std::min(32, n - 32 * block);
    // Zero lanes as bytes in position order (packs interleaves the 128-bit halves).
    const __m256i zero = _mm256_setzero_si256();
    const __m256i packed = _mm256_permute4x64_epi64(
        _mm256_packs_epi16(_mm256_cmpeq_epi16(acc.lo, zero), _mm256_cmpeq_epi16(acc.hi, zero)),
        0xD8);
    const auto roots = static_cast<std::uint32_t>(_mm256_movemask_epi8(packed));
    if (!add_roots(roots, lanes, block, most, where, found)) return -1;
  }
  return found;
}

}  // namespace mosaic::link::rs_kernels
#endif

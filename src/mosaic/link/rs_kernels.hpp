#pragma once

#include <cstdint>

// The host FEC decoder's two costly steps on x86 vectors, 32 lanes of GF(2^10) symbols at once
// (AVX-512 BW: one register; AVX2: two). A constant multiply is linear over GF(2): the XOR of
// the constant's ten columns over the set bits of the other factor. ReedSolomon10 picks the
// level (host_fec.hpp) and keeps the scalar reference.
#if defined(__x86_64__) && defined(__GNUC__)
#define MOSAIC_HAVE_SYNDROME_KERNEL 1

namespace mosaic::link::rs_kernels {

inline constexpr int kSymbolBits = 10;

// All syndromes of the n symbols of cw, one root per lane: `columns` holds 10 rows of 32 lanes
// (zero past the last root), `out` gets 32 lanes.
void syndromes_avx512(const std::uint16_t* cw, int n, const std::uint16_t* columns,
                      std::uint16_t* out);
void syndromes_avx2(const std::uint16_t* cw, int n, const std::uint16_t* columns,
                    std::uint16_t* out);

// Chien search over n positions, 32 per block of `columns` (10 rows of 32 lanes each): the roots'
// degrees in increasing order into `where`; their count, or -1 past `most`.
int chien_avx512(const std::uint16_t* lambda, int l, const std::uint16_t* columns, int n, int most,
                 int* where);
int chien_avx2(const std::uint16_t* lambda, int l, const std::uint16_t* columns, int n, int most,
               int* where);

}  // namespace mosaic::link::rs_kernels
#endif

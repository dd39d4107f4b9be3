#pragma once

#include <cstdint>

#include "mosaic/core/vector_level.hpp"
#include "mosaic/phy/mc/vector_clones.hpp"  // MOSAIC_VECTOR_INLINE, -Wpsabi

// GCC / clang vector types of W doubles (and the floats and 64-bit integers of the same lane
// count), for kernels compiled once per instruction-set level with W matching its registers: 8
// for AVX-512, 4 for AVX2, 2 for SSE2. A wider vector than the target's registers is taken apart
// through the stack (many times slower than scalar code), which is why the width is per level.
namespace mosaic::phy::mc {

template <int W>
struct VectorOf;
template <>
struct VectorOf<2> {
  using D = double __attribute__((vector_size(16)));
  using F = float __attribute__((vector_size(8)));
  using U = std::uint32_t __attribute__((vector_size(8)));
  using I = std::int64_t __attribute__((vector_size(16)));
};
template <>
struct VectorOf<4> {
  using D = double __attribute__((vector_size(32)));
  using F = float __attribute__((vector_size(16)));
  using U = std::uint32_t __attribute__((vector_size(16)));
  using I = std::int64_t __attribute__((vector_size(32)));
};
template <>
struct VectorOf<8> {
  using D = double __attribute__((vector_size(64)));
  using F = float __attribute__((vector_size(32)));
  using U = std::uint32_t __attribute__((vector_size(32)));
  using I = std::int64_t __attribute__((vector_size(64)));
};

}  // namespace mosaic::phy::mc

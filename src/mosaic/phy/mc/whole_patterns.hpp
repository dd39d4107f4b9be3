#pragma once

#include <cstdint>

#include "mosaic/phy/mc/pattern_superposition.hpp"
#include "mosaic/phy/mc/vector_clones.hpp"

// The lanes' running patterns of one source's every lag and the sums of a PatternTable they
// read, for the kernels that decide by such a table (pattern_superposition.cpp,
// crosstalk_screen.cpp), compiled into each of their clones; and the one-bit step that the
// chunk patterns (chunk_patterns.hpp) take too.
namespace mosaic::phy::mc {

// Each lane's pattern (its newest bit lowest) moved on by row r of a source's bits.
// A bit after the segment's last is not sent yet: the reference skips its lag, here it reads as
// 0 (adding +-0, the same sum).
MOSAIC_VECTOR_INLINE void shift_in_row(std::uint32_t* pattern, const float* bits, long r,
                                       std::uint32_t mask) {
  if (r < kSegmentBits) {
    const float* row = bits + r * kLanes;
    for (int l = 0; l < kLanes; ++l)
      pattern[l] = ((pattern[l] << 1) | (row[l] != 0.0f ? 1u : 0u)) & mask;
  } else {
    for (int l = 0; l < kLanes; ++l) pattern[l] = (pattern[l] << 1) & mask;
  }
}

class WholePatterns {
 public:
  // The patterns of the segment's first decided bit (in.first_bit) of in.sources[0].
  MOSAIC_VECTOR_INLINE WholePatterns(const SuperpositionInput& in, const PatternTable& table)
      : src_(in.sources[0]), mask_((std::uint32_t{1} << table.lags()) - 1u) {
    const long k0 = in.first_bit;
    for (int l = 0; l < kLanes; ++l) {
      std::uint32_t p = 0;
      for (int m = 0; m < table.lags(); ++m) p |= bit(k0 - src_.first_lag - m, l) << m;
      pattern_[l] = p;
    }
  }

  // On to bit k, one after the last.
  MOSAIC_VECTOR_INLINE void advance(long k) {
    shift_in_row(pattern_, src_.bits, k - src_.first_lag, mask_);
  }

  // Each lane's sums at its whole-sample position (q, as a double) and the next.
  MOSAIC_VECTOR_INLINE void sums(PatternTable& table, const double* q, double* v0, double* v1) {
    for (int l = 0; l < kLanes; ++l) {
      const int position = static_cast<int>(q[l]);
      v0[l] = table.at(position)[pattern_[l]];
      v1[l] = table.at(position + 1)[pattern_[l]];
    }
  }

 private:
  // A bit after the segment's last is not sent yet: the reference skips its lag, here it reads
  // as 0 (adding +-0, the same sum).
  MOSAIC_VECTOR_INLINE std::uint32_t bit(long r, int l) const {
    return r < kSegmentBits && src_.bits[r * kLanes + l] != 0.0f ? 1u : 0u;
  }

  const SuperpositionSource& src_;
  std::uint32_t mask_;
  // Bit m of a lane's pattern: the bit first_lag + m before the decided one.
  std::uint32_t pattern_[kLanes];
};

}  // namespace mosaic::phy::mc

#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <vector>

#include "mosaic/phy/mc/chunk_pattern_table.hpp"
#include "mosaic/phy/mc/native_vectors.hpp"
#include "mosaic/phy/mc/whole_patterns.hpp"

// The lanes' running bit patterns of a chunk table's chunks and the sums they read, for the
// kernels that decide by a chunk table (chunk_pattern_table.cpp, crosstalk_screen.cpp), compiled
// into each of their clones. Included only by files built with -ffp-contract=off.
namespace mosaic::phy::mc {

class ChunkPatterns {
 public:
  // At most kMaxSources sources of kMaxLags lags: ceil(64 / 7) = 10 chunks each.
  static constexpr int kMaxChunks =
      ChunkPatternTable::kMaxSources *
      ((ChunkPatternTable::kMaxLags + ChunkPatternTable::kChunkLags - 1) /
       ChunkPatternTable::kChunkLags);

  // The patterns of the segment's first decided bit (in.first_bit).
  MOSAIC_VECTOR_INLINE ChunkPatterns(const SuperpositionInput& in, const ChunkPatternTable& table)
      : in_(in), chunks_(table.chunks()) {
    assert(in.n_sources >= table.sources() && in.base_a == table.base_a());
    n_chunks_ = static_cast<int>(chunks_.size());
    for (int c = 0; c < n_chunks_; ++c) {
      for (int l = 0; l < kLanes; ++l) pattern_[c][l] = 0;
      // Oldest lag first: each later one shifts it up by one.
      for (int m = chunks_[c].width - 1; m >= 0; --m) shift_in(c, newest(c, in.first_bit) - m);
    }
  }

  // On to bit k, one after the last. A chunk after a source's first takes the bit its
  // predecessor drops (its top lag, one decision earlier, is this chunk's newest now): the last
  // chunk first, while its predecessor still holds it.
  MOSAIC_VECTOR_INLINE void advance(long k) {
    for (int c = n_chunks_ - 1; c >= 0; --c) {
      if (chunks_[c].first == 0) {
        shift_in(c, newest(c, k));
        continue;
      }
      const std::uint32_t mask = (1u << chunks_[c].width) - 1u;
      const int top = chunks_[c - 1].width - 1;
      for (int l = 0; l < kLanes; ++l)
        pattern_[c][l] = ((pattern_[c][l] << 1) | ((pattern_[c - 1][l] >> top) & 1u)) & mask;
    }
  }

  // Each lane's sums of the table's chunks at its whole-sample position (q, as a double) and
  // the next: base, then the chunks in order, a chain of additions as the reference's. Builds
  // the positions the lanes visit first.
  MOSAIC_VECTOR_INLINE void sums(ChunkPatternTable& table, const double* q, double* v0,
                                 double* v1) {
    const auto stride = static_cast<std::uint32_t>(table.stride());
    alignas(64) std::uint32_t offset[kLanes];
    int lo = static_cast<int>(q[0]), hi = lo;
    for (int l = 0; l < kLanes; ++l) {
      const int position = static_cast<int>(q[l]);
      lo = std::min(lo, position);
      hi = std::max(hi, position);
      offset[l] = static_cast<std::uint32_t>(position) * stride;
    }
    table.ensure(lo, hi);
    // Every lane's entry of every chunk, as an index into the sums (a vector pass).
    alignas(64) std::uint32_t entry[kMaxChunks][kLanes];
    for (int c = 0; c < n_chunks_; ++c) {
      const std::uint32_t at = static_cast<std::uint32_t>(c) << ChunkPatternTable::kChunkLags;
      for (int l = 0; l < kLanes; ++l) entry[c][l] = offset[l] + 2 * (at + pattern_[c][l]);
    }
    // Each lane's two sums side by side in one vector, a chain of additions in the reference's
    // chunk order; eight lanes at a time, so that eight chains are in flight (one alone would
    // wait on each addition). AVX2 gathers across lanes were slower than these reads on the one
    // CPU tried (docs/monte_carlo.md).
    using Pair = VectorOf<2>::D;
    constexpr int kChains = 8;
    const double* all = table.sums();
    const int from_chunk = n_chunks_ > 0 && chunks_[0].onto_base ? 1 : 0;
    for (int g = 0; g < kLanes; g += kChains) {
      Pair a[kChains];
      for (int u = 0; u < kChains; ++u) {
        a[u] = Pair{} + in_.base_a;
        if (from_chunk == 1) std::memcpy(&a[u], all + entry[0][g + u], sizeof a[u]);
      }
      for (int c = from_chunk; c < n_chunks_; ++c) {
        for (int u = 0; u < kChains; ++u) {
          Pair e;
          std::memcpy(&e, all + entry[c][g + u], sizeof e);
          a[u] += e;
        }
      }
      for (int u = 0; u < kChains; ++u) {
        v0[g + u] = a[u][0];
        v1[g + u] = a[u][1];
      }
    }
  }

 private:
  MOSAIC_VECTOR_INLINE void shift_in(int c, long r) {
    shift_in_row(pattern_[c], in_.sources[chunks_[c].source].bits, r,
                 (1u << chunks_[c].width) - 1u);
  }
  // The chunk's newest lag for bit k: row k - first_lag - first.
  MOSAIC_VECTOR_INLINE long newest(int c, long k) const {
    return k - in_.sources[chunks_[c].source].first_lag - chunks_[c].first;
  }

  const SuperpositionInput& in_;
  const std::vector<ChunkPatternTable::Chunk>& chunks_;
  int n_chunks_ = 0;
  // Bit m of a lane's pattern: the bit first_lag + first + m before the decided one.
  alignas(64) std::uint32_t pattern_[kMaxChunks][kLanes];
};

}  // namespace mosaic::phy::mc

#include "mosaic/phy/mc/chunk_pattern_table.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <stdexcept>

#include "mosaic/phy/mc/lane_decisions.hpp"
#include "mosaic/phy/mc/native_vectors.hpp"

// Built with -ffp-contract=off: a table entry's sums are rounded as the reference's.
namespace mosaic::phy::mc {
namespace {

constexpr int kChunk = ChunkPatternTable::kChunkLags;

std::size_t chunk_count(std::span<const int> lags) {
  std::size_t n = 0;
  for (const int l : lags) {
    const int width = chunk_width(l, kChunk);
    n += static_cast<std::size_t>((l + width - 1) / width);
  }
  return n;
}

}  // namespace

bool ChunkPatternTable::fits(int positions, std::span<const int> lags) {
  if (positions < 2 || lags.size() > static_cast<std::size_t>(kMaxSources)) return false;
  for (const int l : lags)
    if (l < 0 || l > kMaxLags) return false;
  return static_cast<std::size_t>(positions - 1) * (chunk_count(lags) << kChunk) * 2 *
             sizeof(double) <=
         kMaxBytes;
}

ChunkPatternTable::ChunkPatternTable(std::span<const SuperpositionSource> sources, int positions,
                                     double base_a)
    : base_a_(base_a) {
  for (const SuperpositionSource& src : sources) lags_.push_back(src.lags);
  if (!fits(positions, lags_))
    throw std::invalid_argument("ChunkPatternTable: more sources, lags or positions than it takes");
  for (std::size_t s = 0; s < sources.size(); ++s) {
    const SuperpositionSource& src = sources[s];
    taps_.emplace_back(src.taps, src.taps + static_cast<std::size_t>(positions) * src.lags);
    const int width = chunk_width(src.lags, kChunk);
    for (int first = 0; first < src.lags; first += width)
      chunks_.push_back(
          {static_cast<int>(s), first, std::min(width, src.lags - first), s == 0 && first == 0});
  }
  sums_.assign(static_cast<std::size_t>(positions - 1) * stride(), 0.0);
  built_.assign(static_cast<std::size_t>(positions - 1), 0);
}

// Entry p of a chunk after lag m holds its start + the first m lags' terms of pattern p's low m
// bits: each lag doubles the entries, the new bit's 1 half adding the tap and its 0 half adding 0
// times it. Done at both positions of the pair, each into its own half.
void ChunkPatternTable::build(int position) {
  double* row = sums_.data() + static_cast<std::size_t>(position) * stride();
  const double one = 1.0, zero = 0.0;
  for (std::size_t c = 0; c < chunks_.size(); ++c) {
    const Chunk& chunk = chunks_[c];
    const int lags = lags_[static_cast<std::size_t>(chunk.source)];
    for (int side = 0; side < 2; ++side) {
      double* e = row + (c << kChunk) * 2 + side;
      e[0] = chunk.onto_base ? base_a_ : 0.0;
      const double* t = taps_[static_cast<std::size_t>(chunk.source)].data() +
                        static_cast<std::size_t>(position + side) * lags + chunk.first;
      for (int m = 0; m < chunk.width; ++m) {
        const std::size_t half = std::size_t{1} << m;
        for (std::size_t p = 0; p < half; ++p) {
          const double v = e[2 * p];
          e[2 * (p | half)] = v + one * t[m];
          e[2 * p] = v + zero * t[m];
        }
      }
    }
  }
  built_[static_cast<std::size_t>(position)] = 1;
}

namespace {

// One body per instruction-set level (the lane loops vectorise where they can). Each chunk keeps
// its lanes' patterns (bit m: the bit first_lag + first + m before the decided one), shifted
// on by one bit per decision; a lane's entry is then one index away.
MOSAIC_VECTOR_INLINE void decide(const SuperpositionInput& in, ChunkPatternTable& table,
                                 float* decisions) {
  const std::vector<ChunkPatternTable::Chunk>& chunks = table.chunks();
  const int n_chunks = static_cast<int>(chunks.size());
  assert(in.n_sources == table.sources() && in.base_a == table.base_a());
  // At most kMaxSources sources of kMaxLags lags: ceil(64 / 7) = 10 chunks each.
  constexpr int kMaxChunks =
      ChunkPatternTable::kMaxSources * ((ChunkPatternTable::kMaxLags + kChunk - 1) / kChunk);
  alignas(64) std::uint32_t pattern[kMaxChunks][kLanes];
  // A bit after the segment's last is not sent yet: the reference skips its lag, here it reads
  // as 0 (adding +-0, the same sum).
  const auto shift_in = [&](int c, long r) {
    const std::uint32_t mask = (1u << chunks[c].width) - 1u;
    std::uint32_t* p = pattern[c];
    if (r < kSegmentBits) {
      const float* row = in.sources[chunks[c].source].bits + r * kLanes;
      for (int l = 0; l < kLanes; ++l) p[l] = ((p[l] << 1) | (row[l] != 0.0f ? 1u : 0u)) & mask;
    } else {
      for (int l = 0; l < kLanes; ++l) p[l] = (p[l] << 1) & mask;
    }
  };
  // The chunk's newest lag for bit k: row k - first_lag - first.
  const auto newest = [&](int c, long k) {
    return k - in.sources[chunks[c].source].first_lag - chunks[c].first;
  };
  for (int c = 0; c < n_chunks; ++c) {
    for (int l = 0; l < kLanes; ++l) pattern[c][l] = 0;
    // Oldest lag first: each later one shifts it up by one.
    for (int m = chunks[c].width - 1; m >= 0; --m) shift_in(c, newest(c, in.first_bit) - m);
  }
  const auto stride = static_cast<std::uint32_t>(table.stride());
  for (int j = 0; j < kSegmentBits; ++j) {
    const long k = in.first_bit + j;
    // A chunk after a source's first takes the bit its predecessor drops (its top lag, one
    // decision earlier, is this chunk's newest now): the last chunk first, while its
    // predecessor still holds it.
    if (j > 0) {
      for (int c = n_chunks - 1; c >= 0; --c) {
        if (chunks[c].first == 0) {
          shift_in(c, newest(c, k));
          continue;
        }
        const std::uint32_t mask = (1u << chunks[c].width) - 1u;
        const int top = chunks[c - 1].width - 1;
        for (int l = 0; l < kLanes; ++l)
          pattern[c][l] = ((pattern[c][l] << 1) | ((pattern[c - 1][l] >> top) & 1u)) & mask;
      }
    }
    double f[kLanes], q[kLanes];
    jittered_positions(in, j, f, q);
    alignas(64) std::uint32_t offset[kLanes];
    int lo = static_cast<int>(q[0]), hi = lo;
    for (int l = 0; l < kLanes; ++l) {
      const int position = static_cast<int>(q[l]);
      lo = std::min(lo, position);
      hi = std::max(hi, position);
      offset[l] = static_cast<std::uint32_t>(position) * stride;
    }
    table.ensure(lo, hi);
    // Each lane's two sums side by side in one vector, a chain of additions in the reference's
    // chunk order; eight lanes at a time, so that eight chains are in flight (one alone would wait
    // on each addition). AVX2 gathers across lanes were slower than these reads on the one CPU
    // tried (docs/monte_carlo.md).
    using Pair = VectorOf<2>::D;
    constexpr int kChains = 8;
    // Every lane's entry of every chunk, as an index into the sums (a vector pass).
    alignas(64) std::uint32_t entry[kMaxChunks][kLanes];
    for (int c = 0; c < n_chunks; ++c) {
      const std::uint32_t at = static_cast<std::uint32_t>(c) << kChunk;
      for (int l = 0; l < kLanes; ++l) entry[c][l] = offset[l] + 2 * (at + pattern[c][l]);
    }
    const double* sums = table.sums();
    const int from_chunk = n_chunks > 0 && chunks[0].onto_base ? 1 : 0;
    double v0[kLanes], v1[kLanes];
    for (int g = 0; g < kLanes; g += kChains) {
      Pair a[kChains];
      for (int u = 0; u < kChains; ++u) {
        a[u] = Pair{} + in.base_a;
        if (from_chunk == 1) std::memcpy(&a[u], sums + entry[0][g + u], sizeof a[u]);
      }
      for (int c = from_chunk; c < n_chunks; ++c) {
        for (int u = 0; u < kChains; ++u) {
          Pair e;
          std::memcpy(&e, sums + entry[c][g + u], sizeof e);
          a[u] += e;
        }
      }
      for (int u = 0; u < kChains; ++u) {
        v0[g + u] = a[u][0];
        v1[g + u] = a[u][1];
      }
    }
    decide_row(in, j, f, v0, v1, decisions);
  }
}

MOSAIC_TARGET_AVX512 void decide_avx512(const SuperpositionInput& in, ChunkPatternTable& table,
                                        float* decisions) {
  decide(in, table, decisions);
}

MOSAIC_TARGET_AVX2 void decide_avx2(const SuperpositionInput& in, ChunkPatternTable& table,
                                    float* decisions) {
  decide(in, table, decisions);
}

void decide_baseline(const SuperpositionInput& in, ChunkPatternTable& table, float* decisions) {
  decide(in, table, decisions);
}

}  // namespace

void superpose_by_chunks_at(VectorLevel level, const SuperpositionInput& in,
                            ChunkPatternTable& table, float* decisions) {
  pick_level(level, &decide_avx512, &decide_avx2, &decide_baseline)(in, table, decisions);
}

void superpose_by_chunks(const SuperpositionInput& in, ChunkPatternTable& table, float* decisions) {
  static const auto best =
      pick_level(cpu_vector_level(), &decide_avx512, &decide_avx2, &decide_baseline);
  best(in, table, decisions);
}

}  // namespace mosaic::phy::mc

#include "mosaic/phy/mc/chunk_pattern_table.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

#include "mosaic/phy/mc/chunk_patterns.hpp"
#include "mosaic/phy/mc/lane_decisions.hpp"

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
  sums_.reset(new double[static_cast<std::size_t>(positions - 1) * stride()]);
  built_.assign(static_cast<std::size_t>(positions - 1), 0);
}

// Entry p of a chunk after lag m holds its start + the first m lags' terms of pattern p's low m
// bits: each lag doubles the entries, the new bit's 1 half adding the tap and its 0 half adding 0
// times it. Done at both positions of the pair, each into its own half.
void ChunkPatternTable::build(int position) {
  double* row = sums_.get() + static_cast<std::size_t>(position) * stride();
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

// One body per instruction-set level (the lane loops vectorise where they can).
MOSAIC_VECTOR_INLINE void decide(const SuperpositionInput& in, ChunkPatternTable& table,
                                 float* decisions) {
  assert(in.n_sources == table.sources());
  ChunkPatterns patterns(in, table);
  for (int j = 0; j < kSegmentBits; ++j) {
    if (j > 0) patterns.advance(in.first_bit + j);
    double f[kLanes], q[kLanes], v0[kLanes], v1[kLanes];
    jittered_positions(in, j, f, q);
    patterns.sums(table, q, v0, v1);
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

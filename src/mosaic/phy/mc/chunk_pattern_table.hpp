#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "mosaic/phy/mc/superposition_kernels.hpp"

// Symbol-rate decisions of a channel with neighbours by table. In the chunked order
// (SuperpositionInput::chunk_lags = ChunkPatternTable::kChunkLags) each chunk's sum depends on
// the whole-sample position and on at most kChunkLags bits of one source, so the table holds
// every pattern's sum for each chunk and position, and a decision reads two entries per chunk
// instead of two products per lag of every source. Each entry is formed as the reference forms
// that chunk (from 0, or from base for the first source's first chunk; then each lag's bit times
// its tap in lag order, a 0 bit adding +-0) and the entries are added in the reference's order, so
// the decisions are the reference's bit for bit; the tests hold them to it.
namespace mosaic::phy::mc {

class ChunkPatternTable {
 public:
  // 2^7 sums per chunk and position: 1 KiB, so the rows of the few positions jitter visits stay
  // in L2 for nine sources of about ten lags each (two chunks each).
  static constexpr int kChunkLags = 7;
  // A source's recent bits are held in one 64-bit word per lane.
  static constexpr int kMaxLags = 64;
  // A victim and its neighbours (the array's are at most 8).
  static constexpr int kMaxSources = 16;
  // The most a table may grow to once jitter has visited every position.
  static constexpr std::size_t kMaxBytes = std::size_t{16} << 20;
  // Whether a table for sources of these lag counts (at most kMaxSources of them, each at most
  // kMaxLags) at `positions` positions is taken.
  static bool fits(int positions, std::span<const int> lags);

  // sources' taps and lags as SuperpositionInput's (bits unused); base_a must be the input's.
  ChunkPatternTable(std::span<const SuperpositionSource> sources, int positions, double base_a);

  struct Chunk {
    int source = 0;
    int first = 0;           // its first lag index within the source
    int width = 0;           // lags, at most kChunkLags
    bool onto_base = false;  // the first source's first chunk: summed onto base
  };
  const std::vector<Chunk>& chunks() const { return chunks_; }
  int sources() const { return static_cast<int>(lags_.size()); }
  int lags(int source) const { return lags_[static_cast<std::size_t>(source)]; }
  double base_a() const { return base_a_; }
  // Doubles per position: chunk c's sums by pattern p at [2 ((c << kChunkLags) + p)], each beside
  // the same sum at the next position (a decision interpolates between the two).
  std::size_t stride() const { return (chunks_.size() << kChunkLags) * 2; }

  // Every position's sums (stride() apart; all positions but the last), valid where ensure() has
  // built them.
  const double* sums() const { return sums_.get(); }
  // Builds positions [from, to] that are not built yet: jitter visits a few of them.
  void ensure(int from, int to) {
    for (int p = from; p <= to; ++p)
      if (!built_[static_cast<std::size_t>(p)]) build(p);
  }

 private:
  void build(int position);

  double base_a_;
  std::vector<int> lags_;
  std::vector<std::vector<double>> taps_;  // per source, [position][lag]
  std::vector<Chunk> chunks_;
  // Left uninitialised until built: the pages of the positions jitter never visits are never
  // touched (a 460-channel run at 64 samples per UI keeps one or two dozen of its 129).
  std::unique_ptr<double[]> sums_;
  std::vector<char> built_;
};

// As superpose_lanes_reference for in.chunk_lags == ChunkPatternTable::kChunkLags over the
// table's sources, whose bits are 0/1; in.base_a must be the table's.
void superpose_by_chunks(const SuperpositionInput& in, ChunkPatternTable& table, float* decisions);
// The same at one instruction-set level (at most cpu_vector_level()): the tests run each.
void superpose_by_chunks_at(VectorLevel level, const SuperpositionInput& in,
                            ChunkPatternTable& table, float* decisions);

}  // namespace mosaic::phy::mc

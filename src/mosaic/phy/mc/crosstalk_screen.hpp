#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "mosaic/phy/mc/chunk_pattern_table.hpp"
#include "mosaic/phy/mc/pattern_superposition.hpp"
#include "mosaic/phy/mc/superposition_kernels.hpp"

// Symbol-rate decisions of a channel with neighbours, the neighbours' terms summed only where
// they could change a decision. The neighbours' light reaches the victim through kappa (-27 dB
// edge, -33 dB diagonal at zero length for the default fibre): their terms' sum lies within a
// band 1-2 % of the victim's pulse peak wide at any pattern and instant, while the noise
// draw moves the level by a large part of the eye. So each lane's level is first summed over the
// victim's own chunks (the reference's partial sum, bit for bit, from a table of the victim
// alone), the decision is taken at both edges of the band, and where both edges decide alike
// (with a margin far beyond the rounding of either sum), that is the reference's decision. Only
// the lanes whose band straddles the threshold, 7 in 10,000 for the prototype at 30 m (BER
// 2e-3), have their neighbours' terms summed, one lane at a time in the reference's order. The
// decisions are the reference's bit for bit; the tests hold them to it, with neighbours weak and
// strong.
namespace mosaic::phy::mc {

class CrosstalkScreen {
 public:
  // The victim's sums come from a table of its every pattern (whole: one read a position, up to
  // PatternTable's 16 MiB, so for a few channels) or of its chunks' (two or more reads, 4 KiB a
  // position: for any number). Whether that table fits.
  static bool fits(int positions, int victim_lags, bool whole);

  // sources: the victim first, then its neighbours, taps and lags as SuperpositionInput's (bits
  // unused); base_a must be the input's.
  CrosstalkScreen(std::span<const SuperpositionSource> sources, int positions, double base_a,
                  bool whole);

  // The victim's table: one of the two.
  PatternTable* whole() { return whole_ ? &*whole_ : nullptr; }
  ChunkPatternTable* chunks() { return chunks_ ? &*chunks_ : nullptr; }
  // The neighbours' terms sum to within [band_low, band_high] at every position and pattern.
  double band_low() const { return band_low_; }
  double band_high() const { return band_high_; }
  // Decisions taken so far, and those whose neighbours' terms were summed.
  std::uint64_t decided() const { return decided_; }
  std::uint64_t summed() const { return summed_; }
  void count(std::uint64_t decided, std::uint64_t summed) {
    decided_ += decided;
    summed_ += summed;
  }

 private:
  std::optional<PatternTable> whole_;
  std::optional<ChunkPatternTable> chunks_;
  double band_low_ = 0.0;
  double band_high_ = 0.0;
  std::uint64_t decided_ = 0;
  std::uint64_t summed_ = 0;
};

// As superpose_lanes_reference for in.chunk_lags == ChunkPatternTable::kChunkLags over the
// screen's sources, whose bits are 0/1.
void superpose_screened(const SuperpositionInput& in, CrosstalkScreen& screen, float* decisions);
// The same at one instruction-set level (at most cpu_vector_level()): the tests run each.
void superpose_screened_at(VectorLevel level, const SuperpositionInput& in, CrosstalkScreen& screen,
                           float* decisions);

}  // namespace mosaic::phy::mc

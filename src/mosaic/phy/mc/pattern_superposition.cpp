#include "mosaic/phy/mc/pattern_superposition.hpp"

#include <algorithm>
#include <stdexcept>

#include "mosaic/phy/mc/lane_decisions.hpp"
#include "mosaic/phy/mc/whole_patterns.hpp"

// Built with -ffp-contract=off: a table entry's sums are rounded as the reference's.
namespace mosaic::phy::mc {
namespace {

int checked_lags(int lags) {
  if (lags < 0 || lags > PatternTable::kMaxLags)
    throw std::invalid_argument("PatternTable: lags outside [0, kMaxLags]");
  return lags;
}

}  // namespace

PatternTable::PatternTable(const double* taps, int positions, int lags, double base_a,
                           int chunk_lags)
    : lags_(checked_lags(lags)),
      chunk_width_(chunk_lags > 0 ? chunk_width(lags, chunk_lags) : std::max(lags, 1)),
      base_a_(base_a),
      rows_(static_cast<std::size_t>(positions)) {
  taps_.assign(taps, taps + static_cast<std::size_t>(positions) * lags);
}

// Each chunk's sums by its bits' pattern: entry p after lag m holds the chunk's start (base for
// the first, 0 for the others) + the first m lags' terms of p's low m bits, each lag doubling
// the entries, the new bit's 1 half adding the tap and its 0 half adding 0 times it. Then each
// pattern's sum adds the later chunks' entries onto the first's in order, as the reference adds
// its chunks' sums (straight on, the first chunk is the whole).
void PatternTable::build(int position, std::vector<double>& row) const {
  row.assign(std::size_t{1} << lags_, 0.0);
  const double* t = taps_.data() + static_cast<std::size_t>(position) * lags_;
  const double one = 1.0, zero = 0.0;
  std::vector<double> chunk;
  for (int first = 0; first < std::max(lags_, 1); first += chunk_width_) {
    const int width = std::min(chunk_width_, lags_ - first);
    chunk.assign(std::size_t{1} << width, 0.0);
    chunk[0] = first == 0 ? base_a_ : 0.0;
    for (int m = 0; m < width; ++m) {
      const std::size_t half = std::size_t{1} << m;
      for (std::size_t p = 0; p < half; ++p) {
        const double v = chunk[p];
        chunk[p | half] = v + one * t[first + m];
        chunk[p] = v + zero * t[first + m];
      }
    }
    const std::size_t mask = chunk.size() - 1;
    for (std::size_t p = 0; p < row.size(); ++p)
      row[p] = first == 0 ? chunk[p & mask] : row[p] + chunk[(p >> first) & mask];
  }
}

namespace {

// One body per instruction-set level: the table reads between the steps of lane_decisions.hpp.
MOSAIC_VECTOR_INLINE void decide(const SuperpositionInput& in, PatternTable& table,
                                 float* decisions) {
  WholePatterns patterns(in, table);
  for (int j = 0; j < kSegmentBits; ++j) {
    if (j > 0) patterns.advance(in.first_bit + j);
    double f[kLanes], q[kLanes], v0[kLanes], v1[kLanes];
    jittered_positions(in, j, f, q);
    patterns.sums(table, q, v0, v1);
    decide_row(in, j, f, v0, v1, decisions);
  }
}

MOSAIC_TARGET_AVX512 void decide_avx512(const SuperpositionInput& in, PatternTable& table,
                                        float* decisions) {
  decide(in, table, decisions);
}

MOSAIC_TARGET_AVX2 void decide_avx2(const SuperpositionInput& in, PatternTable& table,
                                    float* decisions) {
  decide(in, table, decisions);
}

void decide_baseline(const SuperpositionInput& in, PatternTable& table, float* decisions) {
  decide(in, table, decisions);
}

}  // namespace

void superpose_by_pattern_at(VectorLevel level, const SuperpositionInput& in, PatternTable& table,
                             float* decisions) {
  pick_level(level, &decide_avx512, &decide_avx2, &decide_baseline)(in, table, decisions);
}

void superpose_by_pattern(const SuperpositionInput& in, PatternTable& table, float* decisions) {
  static const auto best =
      pick_level(cpu_vector_level(), &decide_avx512, &decide_avx2, &decide_baseline);
  best(in, table, decisions);
}

}  // namespace mosaic::phy::mc

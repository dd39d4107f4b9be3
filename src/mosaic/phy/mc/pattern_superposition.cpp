#include "mosaic/phy/mc/pattern_superposition.hpp"

#include <algorithm>
#include <stdexcept>

#include "mosaic/phy/mc/lane_decisions.hpp"
#include "mosaic/phy/mc/native_vectors.hpp"

// Built with -ffp-contract=off: a table entry's sums are rounded as the reference's.
namespace mosaic::phy::mc {
namespace {

int checked_lags(int lags) {
  if (lags < 0 || lags > PatternTable::kMaxLags)
    throw std::invalid_argument("PatternTable: lags outside [0, kMaxLags]");
  return lags;
}

}  // namespace

PatternTable::PatternTable(const double* taps, int positions, int lags, double base_a)
    : lags_(checked_lags(lags)), base_a_(base_a), rows_(static_cast<std::size_t>(positions)) {
  taps_.assign(taps, taps + static_cast<std::size_t>(positions) * lags);
}

// Entry p after lag m holds base + the first m lags' terms of pattern p's low m bits: each lag
// doubles the entries, the new bit's 1 half adding the tap and its 0 half adding 0 times it.
void PatternTable::build(int position, std::vector<double>& row) const {
  row.assign(std::size_t{1} << lags_, 0.0);
  row[0] = base_a_;
  const double* t = taps_.data() + static_cast<std::size_t>(position) * lags_;
  const double one = 1.0, zero = 0.0;
  for (int m = 0; m < lags_; ++m) {
    const std::size_t half = std::size_t{1} << m;
    for (std::size_t p = 0; p < half; ++p) {
      const double v = row[p];
      row[p | half] = v + one * t[m];
      row[p] = v + zero * t[m];
    }
  }
}

namespace {

// One body per instruction-set level: the table reads between the steps of lane_decisions.hpp.
MOSAIC_VECTOR_INLINE void decide(const SuperpositionInput& in, PatternTable& table,
                                 float* decisions) {
  const SuperpositionSource& src = in.sources[0];
  const int lags = table.lags();
  const std::uint32_t mask = (std::uint32_t{1} << lags) - 1u;
  // A bit after the segment's last is not sent yet: the reference skips its lag, here it reads
  // as 0 (adding +-0, the same sum).
  auto bit = [&](long r, int l) -> std::uint32_t {
    return r < kSegmentBits && src.bits[r * kLanes + l] != 0.0f ? 1u : 0u;
  };
  std::uint32_t pattern[kLanes];
  const long k0 = in.first_bit;
  for (int l = 0; l < kLanes; ++l) {
    std::uint32_t p = 0;
    for (int m = 0; m < lags; ++m) p |= bit(k0 - src.first_lag - m, l) << m;
    pattern[l] = p;
  }
  for (int j = 0; j < kSegmentBits; ++j) {
    const long k = in.first_bit + j;
    if (j > 0) {
      const long r = k - src.first_lag;
      if (r < kSegmentBits) {
        const float* row = src.bits + r * kLanes;
        for (int l = 0; l < kLanes; ++l)
          pattern[l] = ((pattern[l] << 1) | (row[l] != 0.0f ? 1u : 0u)) & mask;
      } else {
        for (int l = 0; l < kLanes; ++l) pattern[l] = (pattern[l] << 1) & mask;
      }
    }
    double f[kLanes], q[kLanes], v0[kLanes], v1[kLanes];
    jittered_positions(in, j, f, q);
    for (int l = 0; l < kLanes; ++l) {
      const int position = static_cast<int>(q[l]);
      v0[l] = table.at(position)[pattern[l]];
      v1[l] = table.at(position + 1)[pattern[l]];
    }
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

#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "mosaic/phy/mc/superposition_kernels.hpp"

// Symbol-rate decisions of a channel that superposes one source alone (its own ISI, no
// neighbours) by table: the level at a whole-sample position depends on the position and the
// pattern of the source's last `lags` bits only, so every pattern's sum is worked out once and a
// decision reads two table entries instead of 2 x lags products. Each entry is formed as the
// reference forms the sum (base, then each lag's bit times its tap in lag order, a 0 bit adding
// +-0), so the decisions are the reference's bit for bit; the tests hold them to it. In the
// chunked order (SuperpositionInput::chunk_lags) an entry is the reference's sum over the
// source's chunks, which is what the crosstalk screen reads for a victim with neighbours.
namespace mosaic::phy::mc {

class PatternTable {
 public:
  // 2^lags doubles per position: 128 KiB at the most lags taken.
  static constexpr int kMaxLags = 14;
  // The most a table may grow to once jitter has visited every position (16 MiB: 34 positions of
  // 14 lags at 16 samples per UI take 4.3 MiB; 130 positions at 64 samples per UI take up to 13
  // lags).
  static constexpr std::size_t kMaxBytes = std::size_t{16} << 20;
  // Whether a table of `positions` x 2^lags sums is taken.
  static bool fits(int positions, int lags) {
    return lags >= 0 && lags <= kMaxLags &&
           static_cast<std::size_t>(positions) * (std::size_t{1} << lags) * sizeof(double) <=
               kMaxBytes;
  }

  // taps[position * lags + lag] as SuperpositionSource::taps; lags <= kMaxLags; chunk_lags as
  // SuperpositionInput's (0: straight on).
  PatternTable(const double* taps, int positions, int lags, double base_a, int chunk_lags = 0);

  // The sums at one position, by pattern (bit m: the bit `first_lag + m` before the decided
  // one), built the first time the position is asked for: jitter visits a few of them.
  const double* at(int position) {
    std::vector<double>& row = rows_[static_cast<std::size_t>(position)];
    if (row.empty()) build(position, row);
    return row.data();
  }
  int lags() const { return lags_; }

 private:
  void build(int position, std::vector<double>& row) const;

  int lags_;
  int chunk_width_;  // lags_ when straight on
  double base_a_;
  std::vector<double> taps_;
  std::vector<std::vector<double>> rows_;
};

// As superpose_lanes_reference for in.n_sources == 1 whose source has table.lags() lags of 0/1
// bits; in.base_a must be the table's.
void superpose_by_pattern(const SuperpositionInput& in, PatternTable& table, float* decisions);
// The same at one instruction-set level (at most cpu_vector_level()): the tests run each.
void superpose_by_pattern_at(VectorLevel level, const SuperpositionInput& in, PatternTable& table,
                             float* decisions);

}  // namespace mosaic::phy::mc

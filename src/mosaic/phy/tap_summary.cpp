#include "mosaic/phy/tap_summary.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "mosaic/core/vector_level.hpp"

namespace mosaic::phy {
namespace {

// The kTop + 1 largest columns of a row, kept sorted by size and, among equal sizes, by column,
// in whatever order the columns arrive (the +1: the largest left outside).
struct Head {
  static constexpr int kSize = TapSummary::kTop + 1;
  int column[kSize];
  double size[kSize];
  int filled = 0;

  // What a column's size must reach to enter: any size until the head is full.
  double floor() const { return filled < kSize ? -1.0 : size[kSize - 1]; }

  void offer(int j, double m) {
    int at = filled;
    while (at > 0 && (size[at - 1] < m || (size[at - 1] == m && column[at - 1] > j))) --at;
    if (at >= kSize) return;
    for (int k = std::min(filled, kSize - 1); k > at; --k) {
      column[k] = column[k - 1];
      size[k] = size[k - 1];
    }
    column[at] = j;
    size[at] = m;
    filled = std::min(filled + 1, kSize);
  }
};

// Whether any row's sample in a column reaches its head's floor (rows side by side).
MOSAIC_TARGET_CLONES bool any_reaches(const double* __restrict x, const double* __restrict floors,
                                      int rows) {
  int any = 0;
  for (int r = 0; r < rows; ++r) any |= std::abs(x[r]) >= floors[r];
  return any != 0;
}

// Each row's sum and sum of squares of its samples times `keep` (1, or 0 in its top columns),
// the rows side by side as a pulse stores them (h[j * rows + r]): the rows' serial sums run in
// parallel lanes, each the additions of a row summed alone in the same order. A top column adds
// a signed zero, which leaves a sum that started at +0 as it was (no sum of finite samples is -0).
MOSAIC_TARGET_CLONES void sum_kept(const double* __restrict h, const double* __restrict keep,
                                   int rows, int span, double* __restrict sum,
                                   double* __restrict squares) {
  for (int r = 0; r < rows; ++r) sum[r] = squares[r] = 0.0;
  for (int j = 0; j < span; ++j) {
    const double* x = h + static_cast<std::size_t>(j) * rows;
    const double* k = keep + static_cast<std::size_t>(j) * rows;
    for (int r = 0; r < rows; ++r) {
      const double v = x[r] * k[r];
      sum[r] += v;
      squares[r] += v * v;
    }
  }
}

}  // namespace

std::vector<TapSummary> summarize_interleaved_taps(const double* h, int rows, int span,
                                                   int first_column) {
  std::vector<TapSummary> out(rows);
  thread_local std::vector<Head> heads;
  thread_local std::vector<double> floors;
  heads.assign(rows, Head{});
  floors.assign(rows, -1.0);
  // From the largest columns on, the heads fill with the samples they keep, and most of the
  // others fail one compare: read in column order, a pulse's rising precursors would each enter.
  first_column = std::clamp(first_column, 0, std::max(0, span - 1));
  for (int n = 0; n < span; ++n) {
    const int j = n < span - first_column ? first_column + n : n - (span - first_column);
    const double* x = h + static_cast<std::size_t>(j) * rows;
    if (!any_reaches(x, floors.data(), rows)) continue;
    for (int r = 0; r < rows; ++r) {
      const double m = std::abs(x[r]);
      if (m >= floors[r]) {
        heads[r].offer(j, m);
        floors[r] = heads[r].floor();
      }
    }
  }
  thread_local std::vector<double> keep;
  keep.assign(static_cast<std::size_t>(rows) * span, 1.0);
  for (int r = 0; r < rows; ++r) {
    const Head& head = heads[r];
    TapSummary& row = out[r];
    row.count = std::min(TapSummary::kTop, head.filled);
    for (int k = 0; k < row.count; ++k) {
      const std::size_t at = static_cast<std::size_t>(head.column[k]) * rows + r;
      row.top[k] = head.column[k];
      row.top_sample[k] = h[at];
      keep[at] = 0.0;
    }
    row.next = head.filled > row.count ? head.size[row.count] : 0.0;
  }
  thread_local std::vector<double> sums, squares;
  sums.resize(rows);
  squares.resize(rows);
  sum_kept(h, keep.data(), rows, span, sums.data(), squares.data());
  for (int r = 0; r < rows; ++r) {
    TapSummary& row = out[r];
    row.rest_sum[row.count] = sums[r];
    row.rest_squares[row.count] = squares[r];
    // The top ones from the smallest up: a large sample is never subtracted again.
    for (int k = row.count - 1; k >= 0; --k) {
      const double v = row.top_sample[k];
      row.rest_sum[k] = row.rest_sum[k + 1] + v;
      row.rest_squares[k] = row.rest_squares[k + 1] + v * v;
    }
  }
  return out;
}

}  // namespace mosaic::phy

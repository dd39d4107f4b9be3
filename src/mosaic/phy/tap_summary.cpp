#include "mosaic/phy/tap_summary.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace mosaic::phy {

std::vector<TapSummary> summarize_taps(const std::vector<double>& by_phase, int rows, int span) {
  std::vector<TapSummary> out(rows);
  // The kTop + 1 largest columns of a row, kept sorted by insertion as the row is read once (the
  // +1: the largest left outside).
  constexpr int kHead = TapSummary::kTop + 1;
  for (int r = 0; r < rows; ++r) {
    const double* x = by_phase.data() + static_cast<std::size_t>(r) * span;
    TapSummary& row = out[r];
    int head[kHead];
    double size[kHead];
    int filled = 0;
    for (int j = 0; j < span; ++j) {
      const double m = std::abs(x[j]);
      // Ties keep the lower column first: a later column goes after an equal one.
      int at = filled;
      while (at > 0 && size[at - 1] < m) --at;
      if (at >= kHead) continue;
      for (int k = std::min(filled, kHead - 1); k > at; --k) {
        head[k] = head[k - 1];
        size[k] = size[k - 1];
      }
      head[at] = j;
      size[at] = m;
      filled = std::min(filled + 1, kHead);
    }
    row.count = std::min(TapSummary::kTop, filled);
    std::copy(head, head + row.count, row.top.begin());
    for (int k = 0; k < row.count; ++k) row.top_sample[k] = x[head[k]];
    row.next = filled > row.count ? size[row.count] : 0.0;
    // The others in column order: the runs between the top columns.
    int top_columns[TapSummary::kTop];
    std::copy(head, head + row.count, top_columns);
    for (int a = 1; a < row.count; ++a) {  // at most kTop: by insertion
      const int column = top_columns[a];
      int b = a;
      for (; b > 0 && top_columns[b - 1] > column; --b) top_columns[b] = top_columns[b - 1];
      top_columns[b] = column;
    }
    double sum = 0.0;
    double squares = 0.0;
    for (int k = 0, from = 0; k <= row.count; ++k) {
      const int to = k < row.count ? top_columns[k] : span;
      for (int j = from; j < to; ++j) {
        sum += x[j];
        squares += x[j] * x[j];
      }
      from = to + 1;
    }
    row.rest_sum[row.count] = sum;
    row.rest_squares[row.count] = squares;
    for (int k = row.count - 1; k >= 0; --k) {
      const double v = row.top_sample[k];
      row.rest_sum[k] = row.rest_sum[k + 1] + v;
      row.rest_squares[k] = row.rest_squares[k + 1] + v * v;
    }
  }
  return out;
}

}  // namespace mosaic::phy

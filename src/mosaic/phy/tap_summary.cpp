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
  std::vector<char> in_top(span);
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
    std::fill(in_top.begin(), in_top.end(), 0);
    for (int k = 0; k < row.count; ++k) in_top[row.top[k]] = 1;
    double sum = 0.0;
    double squares = 0.0;
    for (int j = 0; j < span; ++j) {
      if (in_top[j]) continue;
      sum += x[j];
      squares += x[j] * x[j];
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

#include "mosaic/phy/jitter_window.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>

namespace mosaic::phy {

namespace {

// Run r's largest share plus the larger of its inner samples' bounds, and its offset.
double run_reach(const JitterGrid& grid, std::size_t r, const double* upper_at, int* m_out) {
  const int m = grid.m[r == 0 ? 0 : grid.run_end[r - 1]];
  *m_out = m;
  return grid.run_top_log_w[r] + std::max(upper_at[m], upper_at[m + 1]);
}

}  // namespace

int highest_run(const JitterGrid& grid, const double* upper_at) {
  int best_m = grid.m.front();
  double best = -std::numeric_limits<double>::infinity();
  for (std::size_t r = 0; r < grid.run_end.size(); ++r) {
    int m = 0;
    const double reach = run_reach(grid, r, upper_at, &m);
    if (reach > best) {
      best = reach;
      best_m = m;
    }
  }
  return best_m;
}

void mark_felt_offsets(const JitterGrid& grid, const double* upper_at, double floor,
                       char* felt_at) {
  for (std::size_t r = 0; r < grid.run_end.size(); ++r) {
    int m = 0;
    if (!(run_reach(grid, r, upper_at, &m) < floor))
      std::fill(felt_at + m - 1, felt_at + m + 3, char{1});
  }
}

}  // namespace mosaic::phy

#include "mosaic/phy/eye_opening.hpp"

#include <algorithm>

namespace mosaic::phy {
namespace {

// Crossing of a log-BER level between two samples, by linear interpolation.
double crossing(double x_in, double v_in, double x_out, double v_out, double level) {
  if (v_out == v_in) return x_out;
  const double t = (level - v_in) / (v_out - v_in);
  return x_in + std::clamp(t, 0.0, 1.0) * (x_out - x_in);
}

}  // namespace

OpeningSpan opening_across_phases(const std::function<double(int)>& ln_ber_at, int s, int os,
                                  double level) {
  if (!(ln_ber_at(s) <= level)) return {double(s), double(s)};
  double left = -os;
  for (int p = s; p > -os; --p) {
    if (ln_ber_at(p - 1) > level) {
      left = crossing(p, ln_ber_at(p), p - 1, ln_ber_at(p - 1), level);
      break;
    }
  }
  double right = os - 1;
  for (int p = s; p < os - 1; ++p) {
    if (ln_ber_at(p + 1) > level) {
      right = crossing(p, ln_ber_at(p), p + 1, ln_ber_at(p + 1), level);
      break;
    }
  }
  return {left, right};
}

OpeningSpan opening_across_thresholds(const std::function<double(double)>& ln_ber_at,
                                      const std::vector<double>& grid, const std::vector<double>& v,
                                      double d, double level) {
  if (!(ln_ber_at(d) <= level)) return {d, d};
  auto edge = [&](double inside, double outside) {
    for (int it = 0; it < 8; ++it) {
      const double mid = 0.5 * (inside + outside);
      if (ln_ber_at(mid) <= level) {
        inside = mid;
      } else {
        outside = mid;
      }
    }
    return 0.5 * (inside + outside);
  };
  const int n = static_cast<int>(grid.size());
  const int i0 = static_cast<int>(std::lower_bound(grid.begin(), grid.end(), d) - grid.begin());
  double up = grid.back();
  for (int i = i0; i < n; ++i) {
    if (v[i] > level) {
      up = edge(i == i0 ? d : grid[i - 1], grid[i]);
      break;
    }
  }
  double down = grid.front();
  for (int i = i0 - 1; i >= 0; --i) {
    if (v[i] > level) {
      down = edge(i == i0 - 1 ? d : grid[i + 1], grid[i]);
      break;
    }
  }
  return up > down ? OpeningSpan{down, up} : OpeningSpan{d, d};
}

}  // namespace mosaic::phy

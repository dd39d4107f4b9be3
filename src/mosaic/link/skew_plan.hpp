#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

namespace mosaic::link {

// Each channel's skew as the bit-exact link sees it: whole UI of the line rate by which it lags
// the earliest live channel (arrival times in ps, `live` marking the channels that light up).
// The deskew buffer (link.max_skew_ui) must absorb the largest; a channel beyond it never locks.
// Inline: the readers of user files (apps/io) use it without linking the link layer.
inline std::vector<double> skew_ui_from_arrivals(std::span<const double> arrival_ps,
                                                 std::span<const char> live,
                                                 double line_rate_gbps) {
  double earliest = std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < arrival_ps.size(); ++c)
    if (live[c]) earliest = std::min(earliest, arrival_ps[c]);
  std::vector<double> skew(arrival_ps.size(), 0.0);
  if (!std::isfinite(earliest)) return skew;
  for (std::size_t c = 0; c < arrival_ps.size(); ++c)
    if (live[c]) skew[c] = std::round((arrival_ps[c] - earliest) * 1e-3 * line_rate_gbps);
  return skew;
}

}  // namespace mosaic::link

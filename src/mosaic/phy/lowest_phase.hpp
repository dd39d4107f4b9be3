#pragma once

#include <cstdlib>
#include <limits>

namespace mosaic::phy {

// The phase in [from, to] where ln BER (h) is lowest; of equals, the one nearest the pulse peak
// (phase 0), so that a flat eye samples at its middle whatever order the phases come in.
template <class LogBerAtPhase>
int lowest_phase(LogBerAtPhase&& h, int from, int to) {
  int best = 0;
  double best_v = std::numeric_limits<double>::infinity();
  for (int s = from; s <= to; ++s) {
    const double v = h(s);
    if (v < best_v || (v == best_v && std::abs(s) < std::abs(best))) {
      best_v = v;
      best = s;
    }
  }
  return best;
}

}  // namespace mosaic::phy

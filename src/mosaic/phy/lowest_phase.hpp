#pragma once

#include <algorithm>
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

// lowest_phase, without h at a phase that `above(p, best)` shows lies above the lowest value
// found so far (above(p, best) true only where h(p) > best): the same phase, ties included.
// `first` (in [from, to]) is evaluated first, for a low value early.
template <class LogBerAtPhase, class Above>
int lowest_phase_pruned(LogBerAtPhase&& h, Above&& above, int first, int from, int to) {
  const double at_first = h(first);
  double best = at_first;
  return lowest_phase(
      [&](int p) {
        if (p == first) return at_first;
        if (above(p, best)) return std::numeric_limits<double>::infinity();
        const double v = h(p);
        best = std::min(best, v);
        return v;
      },
      from, to);
}

}  // namespace mosaic::phy

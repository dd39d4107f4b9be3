#pragma once

#include <functional>
#include <vector>

namespace mosaic::phy {

// An eye's opening at one BER level: its two ends, in phase samples or in threshold amperes;
// both at the chosen point when the eye is closed there.
struct OpeningSpan {
  double lo = 0.0;
  double hi = 0.0;
  double size() const { return hi - lo; }
};

// The opening across sampling phases: from phase s outwards to where ln BER (ln_ber_at(p), p in
// [-os, os)) first rises above `level`, each end placed between its two phases by linear
// interpolation of ln BER; an eye open up to the edge of the range ends there.
OpeningSpan opening_across_phases(const std::function<double(int)>& ln_ber_at, int s, int os,
                                  double level);

// The opening across thresholds at one phase: from threshold d outwards, each edge bracketed by
// the scan (grid, ln BER v at each grid point, ascending) and then placed by bisection of
// ln_ber_at to 1/256 of its bracket, since ln BER is far from linear across a cell near a sharp
// eye edge.
OpeningSpan opening_across_thresholds(const std::function<double(double)>& ln_ber_at,
                                      const std::vector<double>& grid, const std::vector<double>& v,
                                      double d, double level);

}  // namespace mosaic::phy

#pragma once

#include <functional>
#include <optional>

#include "mosaic/core/math/minimize.hpp"

namespace mosaic {

// A function's value and its derivative at x.
struct SlopePoint {
  double x = 0.0;
  double f = 0.0;
  double g = 0.0;
};

struct SlopeSearch {
  double start = 0.0;      // where the search begins (a guess at the minimum)
  double curvature = 0.0;  // a guess at f'' there (> 0), for the first step's length
  // The first step: `overshoot` times the Newton step from the curvature, at least `min_first`
  // where the slope exceeds `steep_slope` (a valley far wider than the guess), at most `max_step`,
  // as is every step while the minimum is not yet bracketed.
  double overshoot = 1.5;
  double min_first = 0.0;
  double steep_slope = 0.0;
  double max_step = 0.0;
  double lo = 0.0;  // the search gives up where it would leave (lo, hi)
  double hi = 0.0;
  double x_tolerance = 0.0;
  // The search stops when the next step would move x by less than x_tolerance (unless f_alone)
  // and lower f by less than this times |f| (plus 1e-12).
  double f_relative_tolerance = 1e-7;
  // Stop on the f test alone, however far the next step would still move x: where x matters only
  // through f (a threshold chosen for its BER), a flat bottom's x need not be pinned down.
  bool f_alone = false;
  int max_evaluations = 30;
};

// Minimum of a function from its values and slopes, near a good guess: steps downhill (the
// Newton step from the guessed curvature, then secant extrapolations of the slope) until the slope
// changes sign, then cubic Hermite interpolation inside that bracket, each new point replacing the
// bracket's end on its side. Where the function is smooth at the scale of the bracket the cubic
// converges superlinearly; where it is a V (two steep arms) the cubic's steps still fall inside.
// Gives nothing where the minimum is not bracketed inside (lo, hi) or within max_evaluations (the
// caller falls back to a derivative-free search).
std::optional<Minimum> slope_minimize(const std::function<SlopePoint(double)>& fg,
                                      const SlopeSearch& search);

}  // namespace mosaic

#pragma once

#include <functional>

namespace mosaic {

struct Minimum {
  double x = 0.0;
  double f = 0.0;
  int evaluations = 0;
};

// Minimum of a function on [lo, hi] by Brent's method: parabolic steps through the three best
// points where they behave, golden-section steps where they do not. On a smooth minimum it needs a
// handful of evaluations where golden section alone needs dozens for the same `x_tolerance`; a
// function that falls towards an end of the interval comes back within ~x_tolerance of that end.
// The endpoints themselves are never evaluated.
Minimum brent_minimize(const std::function<double(double)>& f, double lo, double hi,
                       double x_tolerance, int max_evaluations = 100);

}  // namespace mosaic

#include "mosaic/core/math/slope_minimize.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic {
namespace {

// The bracket is never narrowed below kFloor times the x tolerance; each new point lies at least
// kInside of the bracket's width inside it, so that it shrinks.
constexpr double kFloor = 1e-3;
constexpr double kInside = 0.01;

Minimum as_minimum(const SlopePoint& p, int evaluations) {
  return {p.x, p.f, evaluations};
}

// The minimizer of the cubic through (L, f, g) and (R, f, g) with gL < 0 < gR (Nocedal and
// Wright's interpolation formula; the square root is real since gL gR < 0).
double cubic_minimizer(const SlopePoint& l, const SlopePoint& r) {
  const double d1 = l.g + r.g - 3.0 * (l.f - r.f) / (l.x - r.x);
  const double d2 = std::sqrt(d1 * d1 - l.g * r.g);
  return r.x - (r.x - l.x) * (r.g + d2 - d1) / (r.g - l.g + 2.0 * d2);
}

}  // namespace

std::optional<Minimum> slope_minimize(const std::function<SlopePoint(double)>& fg,
                                      const SlopeSearch& search) {
  const double tol = search.x_tolerance;
  int evaluations = 1;
  SlopePoint a = fg(search.start);
  if (!std::isfinite(a.f) || !std::isfinite(a.g)) return std::nullopt;
  if (a.g == 0.0) return as_minimum(a, evaluations);
  const double downhill = a.g > 0.0 ? -1.0 : 1.0;
  double length = search.curvature > 0.0 ? search.overshoot * std::abs(a.g) / search.curvature
                                         : search.max_step;
  if (std::abs(a.g) > search.steep_slope) length = std::max(length, search.min_first);
  length = std::clamp(length, tol, search.max_step);
  // Downhill until the slope turns.
  SlopePoint b;
  for (;;) {
    const double x = a.x + downhill * length;
    if (!(x > search.lo && x < search.hi) || evaluations >= search.max_evaluations)
      return std::nullopt;
    b = fg(x);
    ++evaluations;
    if (!std::isfinite(b.f) || !std::isfinite(b.g)) return std::nullopt;
    if (b.g == 0.0) return as_minimum(b, evaluations);
    if ((b.g > 0.0) != (a.g > 0.0)) break;
    // Uphill although both slopes say down: not smooth at this scale, no bracket to trust.
    if (b.f > a.f) return std::nullopt;
    // Still downhill. Where the slope flattens, a little beyond where its secant reaches 0, at
    // least half again the last step; where it steepens (the concave arm of a V, whose secant
    // says nothing about where the other arm begins), twice the last step.
    const bool flattening = std::abs(b.g) < std::abs(a.g);
    const double secant = flattening ? -b.g * (b.x - a.x) / (b.g - a.g) : 0.0;
    length = flattening ? std::clamp(1.2 * std::abs(secant), 1.5 * length,
                                     std::max(1.5 * length, search.max_step))
                        : std::min(2.0 * length, std::max(length, search.max_step));
    if (!std::isfinite(length)) return std::nullopt;
    a = b;
  }
  SlopePoint l = a.x < b.x ? a : b;
  SlopePoint r = a.x < b.x ? b : a;
  while (evaluations < search.max_evaluations) {
    const SlopePoint& best = l.f <= r.f ? l : r;
    const double width = r.x - l.x;
    if (width <= kFloor * tol) return as_minimum(best, evaluations);
    double x = cubic_minimizer(l, r);
    if (!std::isfinite(x)) x = 0.5 * (l.x + r.x);
    const double move = x - best.x;
    if ((search.f_alone || std::abs(move) < tol) &&
        std::abs(best.g * move) < search.f_relative_tolerance * std::abs(best.f) + 1e-12)
      return as_minimum(best, evaluations);
    x = std::clamp(x, l.x + kInside * width, r.x - kInside * width);
    const SlopePoint c = fg(x);
    ++evaluations;
    if (!std::isfinite(c.f) || !std::isfinite(c.g)) return std::nullopt;
    if (c.g == 0.0) return as_minimum(c, evaluations);
    (c.g < 0.0 ? l : r) = c;
  }
  return as_minimum(l.f <= r.f ? l : r, evaluations);
}

}  // namespace mosaic

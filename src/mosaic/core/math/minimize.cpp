#include "mosaic/core/math/minimize.hpp"

#include <cmath>

namespace mosaic {

Minimum brent_minimize(const std::function<double(double)>& f, double lo, double hi,
                       double x_tolerance, int max_evaluations) {
  constexpr double kGoldenStep = 0.3819660112501051;  // (3 - sqrt 5) / 2
  // x: best point so far; w: second best; v: the previous w. e: the step before last, which a
  // parabolic step must undercut by half (else the parabola is not converging).
  double x = lo + kGoldenStep * (hi - lo);
  double w = x;
  double v = x;
  double fx = f(x);
  double fw = fx;
  double fv = fx;
  int evaluations = 1;
  double step = 0.0;
  double e = 0.0;
  while (evaluations < max_evaluations) {
    const double mid = 0.5 * (lo + hi);
    const double tol = x_tolerance;
    if (std::abs(x - mid) <= 2.0 * tol - 0.5 * (hi - lo)) break;
    bool golden = true;
    if (std::abs(e) > tol) {
      // Vertex of the parabola through (x, fx), (w, fw), (v, fv), as a step p / q from x.
      const double r = (x - w) * (fx - fv);
      double q = (x - v) * (fx - fw);
      double p = (x - v) * q - (x - w) * r;
      q = 2.0 * (q - r);
      if (q > 0.0) p = -p;
      q = std::abs(q);
      if (std::abs(p) < std::abs(0.5 * q * e) && p > q * (lo - x) && p < q * (hi - x)) {
        e = step;
        step = p / q;
        const double u = x + step;
        // Not closer than the tolerance to an end.
        if (u - lo < 2.0 * tol || hi - u < 2.0 * tol) step = x < mid ? tol : -tol;
        golden = false;
      }
    }
    if (golden) {
      e = (x < mid ? hi : lo) - x;
      step = kGoldenStep * e;
    }
    const double u = std::abs(step) >= tol ? x + step : x + (step > 0.0 ? tol : -tol);
    const double fu = f(u);
    ++evaluations;
    if (fu <= fx) {
      (u < x ? hi : lo) = x;
      v = w;
      fv = fw;
      w = x;
      fw = fx;
      x = u;
      fx = fu;
    } else {
      (u < x ? lo : hi) = u;
      if (fu <= fw || w == x) {
        v = w;
        fv = fw;
        w = u;
        fw = fu;
      } else if (fu <= fv || v == x || v == w) {
        v = u;
        fv = fu;
      }
    }
  }
  return {x, fx, evaluations};
}

}  // namespace mosaic

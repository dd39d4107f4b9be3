#include "mosaic/core/math/confidence.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "mosaic/core/math/count_tails.hpp"

namespace mosaic {
namespace {

// Continued fraction of I_x(a, b) (modified Lentz); converges fast for x < (a + 1) / (a + b + 2).
double beta_fraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300;
  double c = 1.0;
  double d = 1.0 - (a + b) * x / (a + 1.0);
  if (std::abs(d) < kTiny) d = kTiny;
  d = 1.0 / d;
  double f = d;
  for (int m = 1; m <= 100000; ++m) {
    const double m2 = 2.0 * m;
    double num = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
    d = 1.0 + num * d;
    c = 1.0 + num / c;
    if (std::abs(d) < kTiny) d = kTiny;
    if (std::abs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    f *= d * c;
    num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
    d = 1.0 + num * d;
    c = 1.0 + num / c;
    if (std::abs(d) < kTiny) d = kTiny;
    if (std::abs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    const double delta = d * c;
    f *= delta;
    if (std::abs(delta - 1.0) < 1e-15) break;
  }
  return f;
}

// Quantile of Beta(a, b) by bisection on ln x (the CDF is monotonic; proportions span many
// decades, so the search runs in the log domain).
double beta_quantile(double a, double b, double p) {
  double lo = -745.0;
  double hi = 0.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (incomplete_beta(a, b, std::exp(mid)) < p) {
      lo = mid;
    } else {
      hi = mid;
    }
    if (hi - lo < 1e-12) break;
  }
  return std::exp(0.5 * (lo + hi));
}

}  // namespace

double incomplete_beta(double a, double b, double x) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 1.0;
  const double log_front =
      std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  const double front = std::exp(log_front);
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_fraction(a, b, x) / a;
  return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

Interval clopper_pearson(double errors, double trials, double confidence) {
  Interval r;
  if (!(trials > 0.0)) return r;
  const double alpha = 1.0 - confidence;
  const double k = std::clamp(errors, 0.0, trials);
  r.low = k <= 0.0 ? 0.0 : beta_quantile(k, trials - k + 1.0, 0.5 * alpha);
  r.high = k >= trials ? 1.0 : beta_quantile(k + 1.0, trials - k, 1.0 - 0.5 * alpha);
  return r;
}

Interval garwood(double events, double confidence) {
  // P(X >= x; m) rises with the mean m: the bounds are where each tail reaches alpha/2.
  const auto x = static_cast<std::int64_t>(std::llround(std::max(0.0, events)));
  const double la = std::log((1.0 - confidence) / 2.0);
  const double hi = x + 20.0 * std::sqrt(x + 1.0) + 50.0;
  auto bisect = [](double lo, double up, auto f) {
    for (int i = 0; i < 200 && up - lo > 1e-15 * std::max(1e-300, up); ++i) {
      const double mid = 0.5 * (lo + up);
      (f(mid) < 0.0 ? lo : up) = mid;
    }
    return 0.5 * (lo + up);
  };
  Interval r{0.0, hi};
  if (x > 0) r.low = bisect(0.0, hi, [&](double m) { return poisson_tails(m, x).at_least - la; });
  r.high = bisect(0.0, hi, [&](double m) { return la - poisson_tails(m, x + 1).below; });
  return r;
}

}  // namespace mosaic

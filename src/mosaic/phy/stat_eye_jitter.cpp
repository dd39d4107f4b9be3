#include "mosaic/phy/stat_eye_jitter.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/q_sum_kernels.hpp"

namespace mosaic::phy {
namespace {

constexpr double kNoBer = -std::numeric_limits<double>::infinity();
// Jitter grid: deep in the tail the BER changes by orders of magnitude within a sample.
constexpr double kJitterStepsPerSample = 32.0;

}  // namespace

// The jitter grid for an rms of `jitter_samples`. Jitter is continuous but the phases are whole
// samples: the Gaussian is integrated on a grid of 1/32 of a sample over +-12 sigma (the weight
// left outside, 4e-33, is below anything a BER tail can hold against it), with ln BER
// interpolated between the neighbouring sample phases (with_jitter). A narrower cut would
// renormalise away exactly the rare large excursions that set the BER far below 1e-20; weights on
// whole samples alone would understate the jitter's variance when it is below a sample. Each grid
// point carries the Gaussian's probability over its own cell (the cell masses are exact
// differences of the normal CDF, so they sum to 1 - 2 Q(12)). Every channel of a link has the same
// jitter, so each thread keeps the last grid it built.
std::vector<JitterTap> jitter_grid(double jitter_samples) {
  thread_local double built_for = -1.0;
  thread_local std::vector<JitterTap> taps;
  if (built_for == jitter_samples) return taps;
  taps.clear();
  const double reach = kJitterReachSigma * jitter_samples;
  const int steps = std::max(32, static_cast<int>(std::ceil(reach * kJitterStepsPerSample)));
  const double h = reach / steps;
  for (int j = -steps; j <= steps; ++j) {
    const double tau = reach * j / steps;
    const double m = std::floor(tau);
    const double a = (tau - 0.5 * h) / jitter_samples;
    const double b = (tau + 0.5 * h) / jitter_samples;
    // Mass of [a, b] from the side where both tails are small, kept in the log domain.
    const double log_mass = a >= 0.0   ? log_q(a) + std::log1p(-std::exp(log_q(b) - log_q(a)))
                            : b <= 0.0 ? log_q(-b) + std::log1p(-std::exp(log_q(-a) - log_q(-b)))
                                       : std::log1p(-std::exp(log_q(-a)) - std::exp(log_q(b)));
    taps.push_back({static_cast<int>(m), tau - m, log_mass});
  }
  built_for = jitter_samples;
  return taps;
}

// Between samples ln BER0 is a Catmull-Rom cubic through the four nearest: near the eye centre it
// is close to a parabola, which a straight line between samples overstates by a fraction of a
// decade deep in the tail. The cubic is kept from rising above its two inner samples, so a sharp
// eye edge cannot overshoot into a spurious error floor.
double jitter_average(std::span<const JitterTap> taps, const double* y_at,
                      std::vector<double>& terms) {
  double top = kNoBer;
  for (std::size_t t = 0; t < taps.size(); ++t) {
    const JitterTap& tap = taps[t];
    const double y1 = y_at[tap.m];
    double y = y1;
    if (tap.frac != 0.0) {
      const double y0 = y_at[tap.m - 1], y2 = y_at[tap.m + 1], y3 = y_at[tap.m + 2];
      const double f = tap.frac;
      y = y1 + 0.5 * f *
                   (y2 - y0 +
                    f * (2.0 * y0 - 5.0 * y1 + 4.0 * y2 - y3 + f * (3.0 * (y1 - y2) + y3 - y0)));
      if (!std::isfinite(y)) y = (1.0 - f) * y1 + f * y2;
      y = std::min(y, std::max(y1, y2));
    }
    terms[t] = tap.log_w + y;
    top = std::max(top, terms[t]);
  }
  if (top == kNoBer) return kNoBer;
  return top + std::log(kernels::sum_exp(terms.data(), static_cast<int>(terms.size()), top));
}

}  // namespace mosaic::phy

// The slope-based minimiser against minima known in closed form: a parabola, ln BER-like valleys
// (two Gaussian tails, from gentle to a sharp V) from starts on either arm with curvature guesses
// too small and too large, and a minimum outside the interval, which it must refuse.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/math/slope_minimize.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic {
namespace {

SlopeSearch search_from(double start, double curvature) {
  SlopeSearch s;
  s.start = start;
  s.curvature = curvature;
  s.max_step = 1.0;
  s.lo = -10.0;
  s.hi = 10.0;
  s.x_tolerance = 1e-6;
  return s;
}

TEST(SlopeMinimize, FindsAParabolasVertexInAFewEvaluations) {
  const auto f = [](double x) {
    return SlopePoint{x, 3.0 * (x - 0.7) * (x - 0.7) + 2.0, 6.0 * (x - 0.7)};
  };
  for (const double curvature : {0.6, 6.0, 60.0}) {
    const std::optional<Minimum> m = slope_minimize(f, search_from(0.0, curvature));
    ASSERT_TRUE(m) << curvature;
    EXPECT_NEAR(m->x, 0.7, 1e-6) << curvature;
    EXPECT_NEAR(m->f, 2.0, 1e-11) << curvature;
    EXPECT_LE(m->evaluations, 5) << curvature;
  }
}

// ln(Q((x + a) / s) + Q((b - x) / s)) / 2: the error rate of a binary decision between levels
// -a and b in Gaussian noise s, against the threshold x. Its minimum is found by a fine golden
// section on the exact function; the search must reach it within 1e-7 of |ln BER| and 1e-4 in x.
struct Valley {
  double a, b, s;
  SlopePoint operator()(double x) const {
    const double z1 = (x + a) / s, z0 = (b - x) / s;
    const double l1 = log_q(z1), l0 = log_q(z0);
    const double top = std::max(l1, l0);
    const double f = top + std::log(std::exp(l1 - top) + std::exp(l0 - top)) - std::log(2.0);
    // d ln Q(z) / dz = -phi(z) / Q(z).
    const auto mills = [](double z, double lq) {
      return std::exp(-0.5 * z * z - 0.5 * std::log(2.0 * std::numbers::pi) - lq);
    };
    const double w1 = std::exp(l1 - top), w0 = std::exp(l0 - top);
    const double g = (w1 * -mills(z1, l1) / s + w0 * mills(z0, l0) / s) / (w1 + w0);
    return {x, f, g};
  }
};

double golden_minimum(const Valley& v, double lo, double hi) {
  const double r = 0.5 * (std::sqrt(5.0) - 1.0);
  for (int i = 0; i < 200; ++i) {
    const double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
    (v(x1).f < v(x2).f ? hi : lo) = v(x1).f < v(x2).f ? x2 : x1;
  }
  return 0.5 * (lo + hi);
}

TEST(SlopeMinimize, FindsTheBottomOfBerValleysFromEitherArm) {
  Rng rng(21, RngPurpose::kSweepSample, 3);
  int total_evaluations = 0;
  for (int trial = 0; trial < 400; ++trial) {
    // From a barely open eye (Q ~ 3) to one at 1e-300 (Q ~ 37): gentle valleys to sharp Vs.
    const Valley v{1.0 + rng.uniform(), 1.0 + rng.uniform(), 0.03 + 0.3 * rng.uniform()};
    const double truth = golden_minimum(v, -v.a, v.b);
    const double start = truth + (rng.uniform() - 0.5) * 0.6;
    // The curvature guess: from a tenth to ten times the valley's at its bottom.
    const double h = 1e-4;
    const double k = (v(truth + h).f + v(truth - h).f - 2.0 * v(truth).f) / (h * h);
    SlopeSearch s = search_from(start, k * std::pow(10.0, 2.0 * rng.uniform() - 1.0));
    s.min_first = 0.05;
    s.steep_slope = 40.0;
    s.max_step = 0.5;
    const std::optional<Minimum> m = slope_minimize(v, s);
    ASSERT_TRUE(m) << trial;
    const double f_truth = v(truth).f;
    EXPECT_LE(m->f - f_truth, 1e-7 * std::abs(f_truth) + 1e-12) << trial;
    EXPECT_NEAR(m->x, truth, 1e-4) << trial;
    EXPECT_LE(m->evaluations, 20) << trial;
    total_evaluations += m->evaluations;
  }
  EXPECT_LT(total_evaluations, 400 * 9);
}

// With f_alone the search stops on the value test alone (however far the next step would still
// move x): the same valleys to 1e-5 of |ln BER| (the predicted decrease bounds the distance left,
// a factor 2 allowed for the model), in fewer evaluations than when x must be pinned to 1e-6.
TEST(SlopeMinimize, OnTheValueAloneStopsSoonerWithinItsTolerance) {
  Rng rng(22, RngPurpose::kSweepSample, 5);
  int pinned = 0;
  int alone = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Valley v{1.0 + rng.uniform(), 1.0 + rng.uniform(), 0.03 + 0.3 * rng.uniform()};
    const double truth = golden_minimum(v, -v.a, v.b);
    const double h = 1e-4;
    const double k = (v(truth + h).f + v(truth - h).f - 2.0 * v(truth).f) / (h * h);
    SlopeSearch s = search_from(truth + (rng.uniform() - 0.5) * 0.6, k);
    s.min_first = 0.05;
    s.steep_slope = 40.0;
    s.max_step = 0.5;
    s.f_relative_tolerance = 1e-5;
    const std::optional<Minimum> x_too = slope_minimize(v, s);
    s.f_alone = true;
    const std::optional<Minimum> m = slope_minimize(v, s);
    ASSERT_TRUE(m && x_too) << trial;
    const double f_truth = v(truth).f;
    EXPECT_LE(m->f - f_truth, 2e-5 * std::abs(f_truth) + 1e-12) << trial;
    EXPECT_LE(m->evaluations, x_too->evaluations) << trial;
    pinned += x_too->evaluations;
    alone += m->evaluations;
  }
  EXPECT_LT(alone, pinned * 0.9);
}

TEST(SlopeMinimize, RefusesAMinimumOutsideTheInterval) {
  const auto f = [](double x) { return SlopePoint{x, (x - 20.0) * (x - 20.0), 2.0 * (x - 20.0)}; };
  EXPECT_FALSE(slope_minimize(f, search_from(0.0, 2.0)));
  const auto falling = [](double x) { return SlopePoint{x, -x, -1.0}; };
  EXPECT_FALSE(slope_minimize(falling, search_from(0.0, 1.0)));
}

}  // namespace
}  // namespace mosaic

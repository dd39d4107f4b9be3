// The statistical eye's jitter average: the grid's cells hold the Gaussian's mass over +-12 sigma,
// a flat bathtub comes back unchanged, and every vector level gives the scalar reference's bits
// (sharp edges, -inf phases and odd grid sizes included).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "common/vector_levels.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/phy/stat_eye_jitter.hpp"

namespace mosaic::phy {
namespace {

using test::vector_levels_above_baseline;

// ln BER0 at offsets m_lo - 1 .. m_hi + 2 (y_at[m] for the kernel).
struct Bathtub {
  std::vector<double> values;
  int m_lo = 0;
  const double* at() const { return values.data() - m_lo + 1; }
};

Bathtub bathtub(const JitterGrid& g, Rng& rng, int kind) {
  Bathtub b;
  b.m_lo = g.m_lo();
  const int n = g.m_hi() - g.m_lo() + 4;
  for (int i = 0; i < n; ++i) {
    const double m = i + g.m_lo() - 1;
    double y = 0.0;
    switch (kind) {
      case 0:  // a deep parabola, as at an open eye's centre
        y = -60.0 + 4.0 * m * m + 0.1 * rng.uniform();
        break;
      case 1:  // a sharp edge: the eye closes within a sample
        y = m < 1 ? -300.0 * rng.uniform() : -0.7;
        break;
      case 2:  // phases with no error at all
        y = rng.uniform() < 0.3 ? -std::numeric_limits<double>::infinity() : -40.0 * rng.uniform();
        break;
      default:  // noise of every size
        y = -std::exp(6.0 * rng.uniform());
    }
    b.values.push_back(std::min(y, 0.0));
  }
  return b;
}

TEST(StatEyeJitter, CellsHoldTheGaussianMassWithinTwelveSigma) {
  for (const double rms : {0.03, 0.4, 1.0, 2.7}) {
    const auto g = jitter_grid(rms);
    double mass = 0.0;
    for (const double w : g->log_w) mass += std::exp(w);
    // 1 - 2 Q(12) = 1 - 3.5e-33: one within rounding.
    EXPECT_NEAR(mass, 1.0, 1e-12) << rms;
    EXPECT_EQ(g->m_lo(), static_cast<int>(std::floor(-12.0 * rms)));
    for (int t = 1; t < g->size(); ++t) ASSERT_GE(g->m[t], g->m[t - 1]);
    // The grid of the same rms is the one kept, not a new one.
    EXPECT_EQ(jitter_grid(rms).get(), g.get());
  }
}

TEST(StatEyeJitter, AFlatBathtubIsUnchanged) {
  const auto g = jitter_grid(0.6);
  std::vector<double> y(g->m_hi() - g->m_lo() + 4, -23.0);
  std::vector<double> terms(g->size());
  EXPECT_NEAR(jitter_average_scalar(*g, y.data() - g->m_lo() + 1, terms), -23.0, 1e-9);
}

TEST(StatEyeJitter, EveryLevelGivesTheScalarBits) {
  Rng rng(11, RngPurpose::kSweepSample, 4);
  for (const double rms : {0.02, 0.13, 0.5, 0.97, 1.6, 3.3}) {
    const auto g = jitter_grid(rms);
    std::vector<double> terms(g->size()), again(g->size());
    for (int trial = 0; trial < 40; ++trial) {
      const Bathtub b = bathtub(*g, rng, trial % 4);
      const double scalar = jitter_average_scalar(*g, b.at(), terms);
      ASSERT_FALSE(std::isnan(scalar));
      for (const VectorLevel level : vector_levels_above_baseline()) {
        const double v = jitter_average_at(level, *g, b.at(), again);
        ASSERT_EQ(v, scalar) << to_string(level) << " rms " << rms << " trial " << trial;
        ASSERT_EQ(again, terms) << to_string(level);
      }
    }
  }
  // Every phase without errors: no errors with jitter either.
  const auto g = jitter_grid(0.3);
  std::vector<double> none(g->m_hi() - g->m_lo() + 4, -std::numeric_limits<double>::infinity());
  std::vector<double> terms(g->size());
  for (const VectorLevel level : vector_levels_above_baseline())
    EXPECT_EQ(jitter_average_at(level, *g, none.data() - g->m_lo() + 1, terms),
              -std::numeric_limits<double>::infinity());
}

// The phase search leaves out a phase whose bound, log_w_on_phase + ln BER0 at the phase itself,
// lies above the best average found: the bound must never exceed the average, at any level.
TEST(StatEyeJitter, TheAverageIsAtLeastThePhasesOwnCell) {
  Rng rng(12, RngPurpose::kSweepSample, 5);
  for (const double rms : {0.02, 0.13, 0.5, 0.97, 1.6, 3.3}) {
    const auto g = jitter_grid(rms);
    int on_phase = 0;
    for (int t = 0; t < g->size(); ++t)
      if (g->m[t] == 0 && g->frac[t] == 0.0) {
        EXPECT_EQ(g->log_w[t], g->log_w_on_phase);
        ++on_phase;
      }
    ASSERT_EQ(on_phase, 1) << rms;
    std::vector<double> terms(g->size());
    for (int trial = 0; trial < 200; ++trial) {
      const Bathtub b = bathtub(*g, rng, trial % 4);
      const double bound = g->log_w_on_phase + b.at()[0];
      ASSERT_GE(jitter_average_scalar(*g, b.at(), terms), bound) << rms << " trial " << trial;
      for (const VectorLevel level : vector_levels_above_baseline())
        ASSERT_GE(jitter_average_at(level, *g, b.at(), terms), bound)
            << to_string(level) << " rms " << rms << " trial " << trial;
    }
  }
}

// The threshold search's slope: the jitter average's derivative when every sample moves along its
// own slope (a central difference of the average itself, on smooth and on jagged bathtubs, where
// the cubic's clamp binds too), the average beside it the plain one's bits.
TEST(StatEyeJitter, TheSlopeIsTheAveragesDerivative) {
  Rng rng(14, RngPurpose::kSweepSample, 8);
  for (const double rms : {0.13, 0.5, 0.97, 1.6}) {
    const auto g = jitter_grid(rms);
    std::vector<double> terms(g->size());
    for (int trial = 0; trial < 100; ++trial) {
      const Bathtub b = bathtub(*g, rng, trial % 2 == 0 ? 0 : 3);
      std::vector<double> dy(b.values.size());
      double largest = 0.0;
      for (std::size_t i = 0; i < dy.size(); ++i) {
        // Equal neighbours (the bathtub's flat top) move together: where the cubic's clamp binds
        // on two equal samples the average has a kink, not a slope.
        dy[i] = i > 0 && b.values[i] == b.values[i - 1] ? dy[i - 1] : 200.0 * (rng.uniform() - 0.5);
        largest = std::max(largest, std::abs(dy[i]));
      }
      const double* dy_at = dy.data() - b.m_lo + 1;
      std::vector<double> slopes;
      const JitterAverageSlope got = jitter_average_slope(*g, b.at(), dy_at, terms, slopes);
      EXPECT_EQ(got.value, jitter_average(*g, b.at(), terms)) << rms << " trial " << trial;
      const double h = 1e-7;
      Bathtub up = b, down = b;
      for (std::size_t i = 0; i < dy.size(); ++i) {
        up.values[i] += h * dy[i];
        down.values[i] -= h * dy[i];
      }
      const double fd = (jitter_average_scalar(*g, up.at(), terms) -
                         jitter_average_scalar(*g, down.at(), terms)) /
                        (2.0 * h);
      EXPECT_NEAR(got.slope, fd, 1e-5 * largest) << rms << " trial " << trial;
    }
  }
}

// The phase search also leaves out a phase whose average over the cells the built distributions
// decide (jitter_grid_within) lies more than 1e-9 above the best: that partial average must not
// exceed the whole one by as much, at any level, whatever is trimmed from either end; with
// nothing trimmed it is the whole one, bit for bit. Every cell it keeps reads only samples inside
// its range.
TEST(StatEyeJitter, APartOfTheAverageIsAtMostTheWhole) {
  Rng rng(13, RngPurpose::kSweepSample, 6);
  constexpr double kSlack = 1e-9;  // stat_eye.cpp's kWithinSlack
  for (const double rms : {0.13, 0.5, 0.97, 1.6}) {
    const auto g = jitter_grid(rms);
    const int lo = g->m_lo() - 1;
    const int hi = g->m_hi() + 2;
    std::vector<double> terms(g->size());
    const JitterGrid whole = jitter_grid_within(*g, lo, hi);
    EXPECT_EQ(whole.m, g->m);
    EXPECT_EQ(whole.run_end, g->run_end);
    int kept_some = 0;
    for (int trial = 0; trial < 120; ++trial) {
      const Bathtub b = bathtub(*g, rng, trial % 4);
      const int first = lo + trial % 3;
      const int last = hi - (trial / 3) % 3;
      const JitterGrid part = jitter_grid_within(*g, first, last);
      for (int t = 0; t < part.size(); ++t) {
        ASSERT_GE(part.m[t] - 1, first);
        ASSERT_LE(part.m[t] + 2, last);
      }
      if (part.size() == 0) continue;
      ++kept_some;
      // Samples outside the range are poisoned: a cell that read one would show it.
      Bathtub poisoned = b;
      for (int m = lo; m <= hi; ++m)
        if (m < first || m > last)
          poisoned.values[m - lo] = std::numeric_limits<double>::quiet_NaN();
      for (const VectorLevel level : vector_levels_above_baseline()) {
        const double all = jitter_average_at(level, *g, b.at(), terms);
        const double some = jitter_average_at(level, part, poisoned.at(), terms);
        ASSERT_FALSE(std::isnan(some)) << to_string(level) << " rms " << rms << " trial " << trial;
        ASSERT_LE(some, all + kSlack) << to_string(level) << " rms " << rms << " trial " << trial;
      }
      EXPECT_EQ(jitter_average_scalar(whole, b.at(), terms),
                jitter_average_scalar(*g, b.at(), terms));
    }
    EXPECT_GT(kept_some, 100) << rms;
  }
}

}  // namespace
}  // namespace mosaic::phy

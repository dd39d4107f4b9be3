// The decision sums' slopes (q_sum_slope, q_sum_split_slope): the derivative of the sum with
// respect to the threshold within the table's accuracy, the plain sum's bits beside it, and every
// vector level the scalar reference's bits.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "common/vector_levels.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/phy/q_sum_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

using test::vector_levels_above_baseline;

double gaussian_pdf(double z) {
  return std::exp(-0.5 * z * z) / std::sqrt(2.0 * std::numbers::pi);
}

struct SlopeHistogram {
  std::vector<double> p, p1, inv0, inv1;
};

SlopeHistogram slope_histogram(Rng& rng, int bins) {
  SlopeHistogram h{std::vector<double>(bins), std::vector<double>(bins), std::vector<double>(bins),
                   std::vector<double>(bins)};
  double total = 0.0;
  for (int i = 0; i < bins; ++i) {
    h.p[i] = rng.uniform() < 0.2 ? 0.0 : rng.uniform();
    h.p1[i] = rng.uniform() < 0.2 ? 0.0 : rng.uniform();
    total += h.p[i] + h.p1[i];
    // Noise from wide to far below the spacing: z runs from about -40 to +60.
    h.inv0[i] = std::pow(10.0, 0.5 + 1.5 * rng.uniform());
    h.inv1[i] = h.inv0[i] * (0.8 + 0.2 * rng.uniform());
  }
  for (int i = 0; i < bins; ++i) {
    h.p[i] /= total;
    h.p1[i] /= total;
  }
  return h;
}

// A decision over the histogram: levels 1 apart, the bins spread over 0.3 near the lower one.
QSumInput decision_of(const SlopeHistogram& h, int bins, Rng& rng) {
  QSumInput in;
  in.p = h.p.data();
  in.inv_sigma0 = h.inv0.data();
  in.inv_sigma1 = h.inv1.data();
  in.bins = bins;
  in.lo = -0.2 + 0.1 * rng.uniform();
  in.step = 0.3 / bins;
  in.cursor = 1.0;
  return in;
}

// Against the exact derivative, sum_i p_i (inv0 phi(z0) - inv1 phi(z1)): the table's chord has
// the slope of ln Q at a point of its cell (1/64 wide), within 1 % of ln Q's own where the terms
// that carry the sum lie (a sign or a factor wrong would miss by 100 %).
TEST(QSumSlope, IsTheSumsDerivativeWithinTheTablesAccuracy) {
  Rng rng(11, RngPurpose::kSweepSample, 5);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int bins = 8 * (1 + trial % 40);
    SlopeHistogram h = slope_histogram(rng, bins);
    QSumInput in = decision_of(h, bins, rng);
    in.threshold = 0.3 + 0.5 * rng.uniform();
    double expect = 0.0;
    double scale = 0.0;
    for (int i = 0; i < bins; ++i) {
      const double x0 = in.lo + i * in.step;
      const double z1 = (x0 + in.cursor - in.threshold) * h.inv1[i];
      const double z0 = (in.threshold - x0) * h.inv0[i];
      expect += h.p[i] * (h.inv0[i] * -gaussian_pdf(z0) + h.inv1[i] * gaussian_pdf(z1));
      scale += h.p[i] * (h.inv0[i] * gaussian_pdf(z0) + h.inv1[i] * gaussian_pdf(z1));
    }
    const QSum got = q_sum_slope_scalar(in);
    if (scale < 1e-200) continue;
    ++compared;
    EXPECT_NEAR(got.slope, expect, 1e-2 * scale) << trial;
    EXPECT_EQ(got.sum, q_sum_scalar(in)) << trial;
  }
  EXPECT_GT(compared, 100);
}

TEST(QSumSlope, SplitIsTheSumsDerivativeWithinTheTablesAccuracy) {
  Rng rng(12, RngPurpose::kSweepSample, 6);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int bins = 8 * (1 + trial % 40);
    SlopeHistogram h = slope_histogram(rng, bins);
    QSumSplitInput in;
    in.p0 = h.p.data();
    in.p1 = h.p1.data();
    in.inv_sigma = h.inv0.data();
    in.bins = bins;
    in.lo = -0.2 + 0.1 * rng.uniform();
    in.step = 1.3 / bins;
    in.threshold = 0.3 + 0.5 * rng.uniform();
    double expect = 0.0;
    double scale = 0.0;
    for (int i = 0; i < bins; ++i) {
      const double x0 = in.lo + i * in.step;
      const double z = (in.threshold - x0) * h.inv0[i];
      expect += h.inv0[i] * gaussian_pdf(z) * (h.p1[i] - h.p[i]);
      scale += h.inv0[i] * gaussian_pdf(z) * (h.p1[i] + h.p[i]);
    }
    const QSum got = q_sum_split_slope_scalar(in);
    if (scale < 1e-200) continue;
    ++compared;
    EXPECT_NEAR(got.slope, expect, 1e-2 * scale) << trial;
    EXPECT_EQ(got.sum, q_sum_split_scalar(in)) << trial;
  }
  EXPECT_GT(compared, 100);
}

// Every level, unscaled and at both scales of the deep tail: the slope kernels' sums are the
// plain kernels' bits and their slopes the scalar reference's.
TEST(QSumSlope, EveryLevelGivesTheScalarBits) {
  if (vector_levels_above_baseline().empty()) GTEST_SKIP() << "no AVX2 on this CPU: scalar only";
  Rng rng(13, RngPurpose::kSweepSample, 7);
  for (int trial = 0; trial < 200; ++trial) {
    const int bins = 8 * (1 + trial % 40);
    SlopeHistogram h = slope_histogram(rng, bins);
    const double log_scale = trial % 3 == 0 ? 0.0 : trial % 3 == 1 ? 700.0 : 1400.0;
    // Scaled sums are asked for where the tails are deep: the threshold far from every bin.
    const double depth = log_scale == 0.0 ? 0.0 : (log_scale == 700.0 ? 0.35 : 0.5);
    QSumInput in;
    in.p = h.p.data();
    in.inv_sigma0 = h.inv0.data();
    in.inv_sigma1 = h.inv1.data();
    in.bins = bins;
    in.lo = -0.2 + 0.1 * rng.uniform() - depth;
    in.step = 0.3 / bins;
    in.cursor = 1.0 + 2.0 * depth;
    in.threshold = 0.3 + 0.5 * rng.uniform();
    in.log_scale = log_scale;
    // The split's bins straddle the threshold; scaled, each cursor bit's mass lies only on its
    // own side of it, a gap away, with narrow noise (the unscaled sum underflows there).
    QSumSplitInput split;
    split.bins = bins;
    split.step = 1.3 / bins;
    split.lo = in.threshold - 0.65;
    split.threshold = in.threshold;
    split.log_scale = log_scale;
    std::vector<double> inv_split = h.inv0;
    if (log_scale > 0.0) {
      for (int i = 0; i < bins; ++i) {
        const double x0 = split.lo + i * split.step;
        if (x0 > split.threshold - 0.15) h.p[i] = 0.0;
        if (x0 < split.threshold + 0.15) h.p1[i] = 0.0;
        inv_split[i] *= 100.0;
      }
    }
    split.p0 = h.p.data();
    split.p1 = h.p1.data();
    split.inv_sigma = inv_split.data();
    const QSum scalar = q_sum_slope_scalar(in);
    const QSum split_scalar = q_sum_split_slope_scalar(split);
    for (const VectorLevel level : vector_levels_above_baseline()) {
      const QSum v = q_sum_slope_at(level, in);
      EXPECT_EQ(v.sum, scalar.sum) << to_string(level) << " " << trial;
      EXPECT_EQ(v.slope, scalar.slope) << to_string(level) << " " << trial;
      EXPECT_EQ(v.sum, q_sum_at(level, in)) << to_string(level) << " " << trial;
      const QSum s = q_sum_split_slope_at(level, split);
      EXPECT_EQ(s.sum, split_scalar.sum) << to_string(level) << " " << trial;
      EXPECT_EQ(s.slope, split_scalar.slope) << to_string(level) << " " << trial;
      EXPECT_EQ(s.sum, q_sum_split_at(level, split)) << to_string(level) << " " << trial;
    }
  }
}

// The tails apart: they add up to the sum (whose bits are the plain kernel's), each is its own
// Q terms summed, and as the threshold rises tail1 never falls and tail0 never rises (the scan's
// bounds rest on it) beyond the kernels' exp accuracy; every level gives the scalar's bits.
TEST(QSumSlope, TailsAddUpAndMoveOneWayEach) {
  Rng rng(15, RngPurpose::kSweepSample, 9);
  for (int trial = 0; trial < 100; ++trial) {
    const int bins = 8 * (1 + trial % 40);
    SlopeHistogram h = slope_histogram(rng, bins);
    QSumInput in = decision_of(h, bins, rng);
    QSumTails before;
    for (int k = 0; k <= 40; ++k) {
      in.threshold = -0.1 + 1.2 * k / 40.0;
      const QSumTails t = q_sum_tails_at(VectorLevel::kBaseline, in);
      EXPECT_EQ(t.sum, q_sum_scalar(in)) << trial << " " << k;
      EXPECT_NEAR(t.tail1 + t.tail0, t.sum, 1e-14 * t.sum) << trial << " " << k;
      if (k > 0) {
        EXPECT_GE(t.tail1, before.tail1 * (1.0 - 1e-9)) << trial << " " << k;
        EXPECT_LE(t.tail0, before.tail0 * (1.0 + 1e-9)) << trial << " " << k;
      }
      for (const VectorLevel level : vector_levels_above_baseline()) {
        const QSumTails v = q_sum_tails_at(level, in);
        EXPECT_EQ(v.sum, t.sum) << to_string(level) << " " << trial << " " << k;
        EXPECT_EQ(v.tail1, t.tail1) << to_string(level) << " " << trial << " " << k;
        EXPECT_EQ(v.tail0, t.tail0) << to_string(level) << " " << trial << " " << k;
      }
      before = t;
    }
  }
}

}  // namespace
}  // namespace mosaic::phy::kernels

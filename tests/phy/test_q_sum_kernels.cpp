// The statistical eye's decision sum: every vector level the CPU runs gives the scalar
// reference's bits; the reference against Q from erfc within the table's accuracy.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/vector_levels.hpp"
#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/phy/q_sum_kernels.hpp"
#include "mosaic/phy/sum_exp_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

using test::vector_levels_above_baseline;

double exact_q(double z) {
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

TEST(QSumKernels, TableQMatchesErfc) {
  for (double z = -12.0; z < 37.0; z += 0.0137) {
    const double q = exact_q(z);
    EXPECT_NEAR(table_q(z), q, 5e-5 * q + 1e-300) << z;
  }
  EXPECT_EQ(table_q(38.5), 0.0);
  EXPECT_EQ(table_q(-9.5), 1.0);
}

TEST(QSumKernels, ScalarMatchesTheDefinitionAndVectorsMatchScalarBitForBit) {
  Rng rng(3, RngPurpose::kSweepSample, 99);
  for (int trial = 0; trial < 200; ++trial) {
    const int bins = 8 * (1 + trial % 40);
    std::vector<double> p(bins), inv0(bins), inv1(bins);
    double total = 0.0;
    for (int i = 0; i < bins; ++i) {
      p[i] = rng.uniform() < 0.2 ? 0.0 : rng.uniform();
      total += p[i];
      // Noise from wide to far below the spacing: z runs from about -40 to +60.
      inv0[i] = std::pow(10.0, 0.5 + 1.5 * rng.uniform());
      inv1[i] = inv0[i] * (0.8 + 0.2 * rng.uniform());
    }
    for (auto& x : p) x /= total;
    QSumInput in;
    in.p = p.data();
    in.inv_sigma0 = inv0.data();
    in.inv_sigma1 = inv1.data();
    in.bins = bins;
    in.lo = -0.2 + 0.1 * rng.uniform();
    in.step = 0.3 / bins;
    in.cursor = 1.0;
    in.threshold = 0.3 + 0.5 * rng.uniform();
    double expect = 0.0;
    for (int i = 0; i < bins; ++i) {
      const double x0 = in.lo + i * in.step;
      expect += p[i] * (exact_q((x0 + in.cursor - in.threshold) * inv1[i]) +
                        exact_q((in.threshold - x0) * inv0[i]));
    }
    const double scalar = q_sum_scalar(in);
    EXPECT_NEAR(scalar, expect, 5e-5 * expect + 1e-290) << trial;
    for (const VectorLevel level : vector_levels_above_baseline())
      EXPECT_EQ(q_sum_at(level, in), scalar) << to_string(level) << " " << trial;
  }
  if (vector_levels_above_baseline().empty()) GTEST_SKIP() << "no AVX2 on this CPU: scalar only";
}

// The terms the kernels leave out (Q below 2^-60 of the sum's lower bound) do not reach its last
// bits: against every term summed in the same lanes with the table's own Q, on eyes from nearly
// closed to Q 30 whose histograms reach far past the cutoff (terms down to 1e-300 and below), the
// sums agree to within 2 ulp; at both scales every level gives the scalar's bits.
TEST(QSumKernels, TermsLeftOutDoNotReachTheSum) {
  Rng rng(5, RngPurpose::kSweepSample, 7);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    constexpr int kBins = 256;
    std::vector<double> p(kBins), inv0(kBins), inv1(kBins);
    double total = 0.0;
    for (int i = 0; i < kBins; ++i) {
      // An ISI-like histogram: mass in the middle, edge bins at 2^-48 and below.
      const double u = (i - 127.5) / 40.0;
      p[i] = std::exp(-0.5 * u * u) * (0.5 + rng.uniform());
      total += p[i];
    }
    for (auto& x : p) x /= total;
    const double sigma = std::pow(10.0, -1.0 - 1.5 * rng.uniform());  // the eye: Q 2 to 60
    for (int i = 0; i < kBins; ++i) {
      inv0[i] = 1.0 / (sigma * (1.0 + 0.3 * i / kBins));
      inv1[i] = inv0[i] * 0.9;
    }
    QSumInput in;
    in.p = p.data();
    in.inv_sigma0 = inv0.data();
    in.inv_sigma1 = inv1.data();
    in.bins = kBins;
    in.lo = 0.0;
    in.step = 0.4 / kBins;
    in.cursor = 1.0;
    in.threshold = 0.55 + 0.3 * rng.uniform();
    for (const double scale : {0.0, 700.0}) {
      in.log_scale = scale;
      double lanes[8] = {};
      for (int i = 0; i < kBins; ++i) {
        const double x0 = in.lo + i * in.step;
        lanes[i & 7] += p[i] * (table_q((x0 + in.cursor - in.threshold) * inv1[i]) +
                                table_q((in.threshold - x0) * inv0[i]));
      }
      const double all = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) +
                         ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
      const double got = q_sum_scalar(in);
      if (scale == 0.0 && all > 1e-280) {
        EXPECT_NEAR(got, all, 4.5e-16 * all) << trial;
        ++compared;
      }
      for (const VectorLevel level : vector_levels_above_baseline())
        EXPECT_EQ(q_sum_at(level, in), got) << to_string(level) << " " << trial;
    }
  }
  EXPECT_GT(compared, 150);
}

// Groups where one tail is beyond the table's reach in every lane and the other is not (the
// vector kernels skip that tail's Q), at each scale, for the linear and the split sum: every
// level against the scalar reference bit for bit, and the sum against the near tail alone.
TEST(QSumKernels, ATailBeyondReachInEveryLaneIsSkippedWithTheSameBits) {
  constexpr int kBins = 64;
  std::vector<double> p(kBins, 1.0 / kBins), inv(kBins);
  for (int i = 0; i < kBins; ++i) inv[i] = 0.8 + 0.4 * (i % 5) / 4.0;
  for (const double scale : {0.0, 700.0}) {
    // Bins at 0 .. 3.15 with the threshold at 4: the cursor-0 tail z0 = (4 - x) inv is 0.7 to 5;
    // a cursor of 200 puts the cursor-1 tail beyond every reach (z1 > 150).
    QSumInput in;
    in.p = p.data();
    in.inv_sigma0 = inv.data();
    in.inv_sigma1 = inv.data();
    in.bins = kBins;
    in.lo = 0.0;
    in.step = 0.05;
    in.cursor = 200.0;
    in.threshold = 4.0;
    in.log_scale = scale;
    const double scalar = q_sum_scalar(in);
    double near_tail = 0.0;
    for (int i = 0; i < kBins; ++i) near_tail += p[i] * table_q((4.0 - 0.05 * i) * inv[i]);
    if (scale == 0.0) {
      EXPECT_NEAR(scalar, near_tail, 1e-12 * near_tail);
    }
    EXPECT_GT(scalar, 0.0);
    for (const VectorLevel level : vector_levels_above_baseline())
      EXPECT_EQ(q_sum_at(level, in), scalar) << to_string(level) << " " << scale;
    // The roles swapped: the cursor-0 tail beyond reach (z0 = (52 - x) inv > 38), the cursor-1
    // tail z1 = x inv near the threshold.
    in.cursor = 52.0;
    in.threshold = 52.0;
    const double swapped = q_sum_scalar(in);
    EXPECT_GT(swapped, 0.0);
    for (const VectorLevel level : vector_levels_above_baseline())
      EXPECT_EQ(q_sum_at(level, in), swapped) << to_string(level) << " swapped " << scale;
    // A split sum 60 to 63 above its threshold: the cursor-1 tail (x - d) inv is beyond reach, the
    // cursor-0 tail a certain error (Q of a z below -9 is 1).
    std::vector<double> p1(kBins, 1.0 / kBins);
    QSumSplitInput split;
    split.p0 = p.data();
    split.p1 = p1.data();
    split.inv_sigma = inv.data();
    split.bins = kBins;
    split.lo = -300.0;
    split.step = 0.05;
    split.threshold = -360.0;
    split.log_scale = scale;
    const double split_scalar = q_sum_split_scalar(split);
    EXPECT_GT(split_scalar, 0.0);
    for (const VectorLevel level : vector_levels_above_baseline())
      EXPECT_EQ(q_sum_split_at(level, split), split_scalar) << to_string(level) << " " << scale;
  }
}

// Deep-tail sums, scaled by e^700 and e^1400, against the same sum from ln Q in the log domain;
// every vector level against scalar bit for bit.
TEST(QSumKernels, ScaledSumsReachTheDeepTail) {
  for (const double z_offset : {30.0, 40.0, 48.0, 58.0}) {
    std::vector<double> p(64), inv0(64), inv1(64);
    for (int i = 0; i < 64; ++i) {
      p[i] = (i % 3 == 0) ? 0.0 : 1.0 / 48.0;
      inv0[i] = inv1[i] = 1.0;
    }
    QSumInput in;
    in.p = p.data();
    in.inv_sigma0 = inv0.data();
    in.inv_sigma1 = inv1.data();
    in.bins = 64;
    in.lo = 0.0;
    in.step = 0.05;
    in.cursor = 2.0 * z_offset + 64 * 0.05;
    in.threshold = z_offset + 64 * 0.05;  // every bin at least z_offset from it, either level
    double log_expect = -1e300;
    for (int i = 0; i < 64; ++i) {
      if (p[i] == 0.0) continue;
      const double x0 = i * in.step;
      for (double z : {x0 + in.cursor - in.threshold, in.threshold - x0}) {
        const double t = std::log(p[i]) + log_q(z);
        log_expect = std::max(log_expect, t) + std::log1p(std::exp(-std::abs(log_expect - t)));
      }
    }
    // As the statistical eye uses them: each scale only where the smaller ones found nothing.
    bool found = false;
    for (const double scale : {0.0, 700.0, 1400.0}) {
      in.log_scale = scale;
      const double scalar = q_sum_scalar(in);
      for (const VectorLevel level : vector_levels_above_baseline())
        EXPECT_EQ(q_sum_at(level, in), scalar)
            << to_string(level) << " " << z_offset << " " << scale;
      if (scalar > 1e-280) {
        EXPECT_NEAR(std::log(scalar) - scale, log_expect, 1e-4 * std::abs(log_expect))
            << z_offset << " " << scale;
        found = true;
        break;
      }
    }
    EXPECT_TRUE(found) << z_offset;
  }
}

// The split sum of a nonlinear victim (one distribution per cursor bit): the definition, the
// vector kernels bit for bit, the deep-tail scales, and with p1 the cursor-shifted p it is q_sum.
TEST(QSumKernels, SplitSumMatchesTheDefinitionAndVectorsMatchScalarBitForBit) {
  Rng rng(4, RngPurpose::kSweepSample, 17);
  for (int trial = 0; trial < 200; ++trial) {
    const int bins = 8 * (1 + trial % 40);
    std::vector<double> p0(bins), p1(bins), inv(bins);
    for (int i = 0; i < bins; ++i) {
      p0[i] = rng.uniform() < 0.3 ? 0.0 : rng.uniform() / bins;
      p1[i] = rng.uniform() < 0.3 ? 0.0 : rng.uniform() / bins;
      inv[i] = std::pow(10.0, 0.5 + 1.5 * rng.uniform());
    }
    QSumSplitInput in;
    in.p0 = p0.data();
    in.p1 = p1.data();
    in.inv_sigma = inv.data();
    in.bins = bins;
    in.lo = -0.2 + 0.1 * rng.uniform();
    in.step = 1.4 / bins;
    in.threshold = 0.3 + 0.5 * rng.uniform();
    for (const double scale : {0.0, 700.0}) {
      in.log_scale = scale;
      double expect = 0.0;
      for (int i = 0; i < bins; ++i) {
        const double x0 = in.lo + i * in.step;
        expect += p1[i] * exact_q((x0 - in.threshold) * inv[i]) +
                  p0[i] * exact_q((in.threshold - x0) * inv[i]);
      }
      const double scalar = q_sum_split_scalar(in);
      if (scale == 0.0) {
        EXPECT_NEAR(scalar, expect, 5e-5 * expect + 1e-290) << trial;
      }
      for (const VectorLevel level : vector_levels_above_baseline())
        EXPECT_EQ(q_sum_split_at(level, in), scalar)
            << to_string(level) << " " << trial << " " << scale;
    }
  }
  // A linear victim written as a split one: p1 is p moved up by the cursor (whole bins).
  const int bins = 64, shift = 24;
  std::vector<double> p(bins, 0.0), p0(bins, 0.0), p1(bins, 0.0), inv(bins, 3.0);
  for (int i = 0; i < 32; ++i) p[i] = p0[i] = p1[i + shift] = 1.0 / 32;
  QSumInput lin;
  lin.p = p.data();
  lin.inv_sigma0 = lin.inv_sigma1 = inv.data();
  lin.bins = bins;
  lin.step = 0.05;
  lin.cursor = shift * lin.step;
  lin.threshold = 1.3;
  QSumSplitInput split;
  split.p0 = p0.data();
  split.p1 = p1.data();
  split.inv_sigma = inv.data();
  split.bins = bins;
  split.step = lin.step;
  split.threshold = lin.threshold;
  // Equal up to the rounding of x + cursor against the bin's own amplitude.
  EXPECT_NEAR(q_sum_split_scalar(split), q_sum_scalar(lin), 1e-10 * q_sum_scalar(lin));
  if (vector_levels_above_baseline().empty()) GTEST_SKIP() << "no AVX2 on this CPU: scalar only";
}

TEST(QSumKernels, SumExpMatchesStdExpAndVectorsMatchScalarBitForBit) {
  Rng rng(5, RngPurpose::kSweepSample, 7);
  for (int n : {1, 7, 8, 9, 64, 395, 1001}) {
    // Terms up to `shift`, as the jitter average passes them (shifted by the largest).
    const double shift = -60.0 + 0.37 * n;
    std::vector<double> x(n);
    double expect = 0.0;
    for (auto& v : x) {
      v = shift - 750.0 * rng.uniform() * rng.uniform();
      expect += std::exp(v - shift);
    }
    expect += 1.0 - std::exp(x[n / 2] - shift);
    x[n / 2] = shift;  // the largest term is the shift
    const double scalar = sum_exp_scalar(x.data(), n, shift);
    EXPECT_NEAR(scalar, expect, 1e-9 * expect) << n;
    for (const VectorLevel level : vector_levels_above_baseline())
      EXPECT_EQ(sum_exp_at(level, x.data(), n, shift), scalar) << to_string(level) << " " << n;
  }
}

// Each exponential times its weight (signed, as slopes are): against std::exp, and every level
// the scalar reference's bits.
TEST(QSumKernels, WeightedSumExpMatchesStdExpAndVectorsMatchScalarBitForBit) {
  Rng rng(6, RngPurpose::kSweepSample, 9);
  for (int n : {1, 7, 8, 9, 64, 395, 1001}) {
    const double shift = -30.0 + 0.11 * n;
    std::vector<double> x(n), w(n);
    double expect = 0.0;
    double scale = 0.0;
    for (int i = 0; i < n; ++i) {
      x[i] = i == n / 2 ? shift : shift - 80.0 * rng.uniform() * rng.uniform();
      w[i] = 400.0 * (rng.uniform() - 0.5);
      expect += std::exp(x[i] - shift) * w[i];
      scale += std::exp(x[i] - shift) * std::abs(w[i]);
    }
    const double scalar = sum_exp_weighted_scalar(x.data(), w.data(), n, shift);
    EXPECT_NEAR(scalar, expect, 1e-9 * scale) << n;
    for (const VectorLevel level : vector_levels_above_baseline())
      EXPECT_EQ(sum_exp_weighted_at(level, x.data(), w.data(), n, shift), scalar)
          << to_string(level) << " " << n;
  }
}

// A group of 8 terms (from a multiple of 8; the last one what is left) all more than 60 below the
// shift counts 0, however large its weights; one term within 60 keeps its whole group. The same at
// every level.
TEST(QSumKernels, SumExpLeavesOutWholeGroupsBeyondSixtyBelowTheShift) {
  // Each group that reaches within 60 of the shift, whole.
  const auto groups_reaching = [](const std::vector<double>& x, const std::vector<double>& w) {
    const int n = static_cast<int>(x.size());
    double sum = 0.0;
    for (int g = 0; g < n; g += 8) {
      const int end = std::min(n, g + 8);
      if (*std::max_element(x.begin() + g, x.begin() + end) < -60.0) continue;
      for (int i = g; i < end; ++i) sum += std::exp(x[i]) * w[i];
    }
    return sum;
  };
  for (const int n : {20, 21, 23}) {
    std::vector<double> x(n, -61.0), w(n, 1e30);
    x[0] = 0.0;
    w[0] = 1.0;
    x[9] = -59.0;  // keeps the group 8..15; 16.. stays out
    for (int last : {0, 1}) {
      if (last) x[n - 1] = -1.0;  // ... and now the last, shorter group counts
      const double expect = groups_reaching(x, w);
      const double scalar = sum_exp_weighted_scalar(x.data(), w.data(), n, 0.0);
      EXPECT_NEAR(scalar, expect, 1e-9 * expect) << n;
      for (const VectorLevel level : vector_levels_above_baseline()) {
        EXPECT_EQ(sum_exp_weighted_at(level, x.data(), w.data(), n, 0.0), scalar)
            << to_string(level) << " " << n;
        EXPECT_EQ(sum_exp_at(level, x.data(), n, 0.0), sum_exp_scalar(x.data(), n, 0.0))
            << to_string(level) << " " << n;
      }
    }
  }
}

}  // namespace
}  // namespace mosaic::phy::kernels

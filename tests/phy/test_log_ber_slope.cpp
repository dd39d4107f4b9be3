// The jitter-free ln BER's slope in the threshold at every depth the statistical eye reaches it:
// the decision sum's (above 1e-280), the scaled sums' (to ~1e-890) and the log domain's (below),
// against a central difference of the ln BER itself; the ln BER beside it the plain one's bits.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <tuple>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/isi_distribution.hpp"

namespace mosaic::phy {
namespace {

// Levels 0 and 1 over an ISI spread (0.2 unless given) in every `every`th bin, noise `sigma` at
// every bin.
PhaseDistribution spread_levels(double sigma, double spread = 0.2, int every = 5) {
  PhaseDistribution dist;
  dist.lo = 0.0;
  dist.step = spread / (kIsiBins - 1);
  dist.cursor = 1.0;
  dist.p.assign(kIsiBins, 0.0);
  for (int i = 0; i < kIsiBins; i += every) dist.p[i] = 1.0;
  double total = 0.0;
  for (double p : dist.p) total += p;
  for (double& p : dist.p) p /= total;
  dist.noise.inv_sigma0.assign(kIsiBins, 1.0 / sigma);
  dist.noise.inv_sigma1.assign(kIsiBins, 1.0 / (1.1 * sigma));
  dist.first_live = 0;
  dist.last_live = kIsiBins - 1;
  while (dist.p[dist.last_live] == 0.0) --dist.last_live;
  dist.ready = true;
  return dist;
}

TEST(LogBerSlope, IsTheDerivativeAtEveryDepth) {
  // Eyes whose best BER runs from 1e-6 to far below 1e-890 (the log domain).
  for (const double sigma : {0.08, 0.03, 0.012, 0.007, 0.005}) {
    const PhaseDistribution dist = spread_levels(sigma);
    for (const double d : {0.45, 0.55, 0.62, 0.7}) {
      const LogBerSlope got = log_ber_slope_without_jitter(dist, d);
      EXPECT_EQ(got.log_ber, log_ber_without_jitter(dist, d)) << sigma << " " << d;
      const double h = 1e-6;
      const double fd =
          (log_ber_without_jitter(dist, d + h) - log_ber_without_jitter(dist, d - h)) / (2.0 * h);
      // The table's chord slope: within 1 % where the sums run; the log domain's exact.
      EXPECT_NEAR(got.slope, fd, 1e-2 * std::abs(fd) + 1e-6) << sigma << " " << d;
    }
  }
  EXPECT_LT(log_ber_without_jitter(spread_levels(0.005), 0.55), -2100.0);  // the log domain
  // Without its live bins known, a distribution is read whole: the same bits.
  PhaseDistribution unmarked = spread_levels(0.03);
  const double marked = log_ber_without_jitter(unmarked, 0.6);
  unmarked.first_live = 0;
  unmarked.last_live = -1;
  EXPECT_EQ(log_ber_without_jitter(unmarked, 0.6), marked);
  EXPECT_EQ(log_ber_slope_without_jitter(unmarked, 0.6).log_ber, marked);
}

// Below the scaled sums' reach (~1e-890) the BER is a log-domain sum of its terms; only those
// that can come near the largest are computed (LogDomainBer), and the rest could not have moved
// it: the same bits as the sum over every term, in the same order, and the same tails.
// A narrow spread over every bin gives hundreds of terms within e^60 of the largest (the terms
// fall by ~0.1 a bin), a wide one a few.
TEST(LogBerSlope, TheLogDomainLeavesOutOnlyTermsThatCannotCount) {
  int deep = 0;
  for (const auto& [sigma, spread, every] : {std::tuple{0.005, 0.2, 5},
                                             {0.004, 0.2, 5},
                                             {0.003, 0.2, 5},
                                             {0.006, 0.02, 1},
                                             {0.005, 0.05, 1},
                                             {0.004, 0.01, 1}}) {
    const PhaseDistribution dist = spread_levels(sigma, spread, every);
    for (const double d : {0.45, 0.5, 0.55, 0.6, 0.65}) {
      LogSumExp all, tail1, tail0;
      for (int i = 0; i < kIsiBins; ++i) {
        const double p = dist.p[i];
        if (p == 0.0) continue;
        const double x0 = dist.lo + i * dist.step;
        const double lp = std::log(0.5 * p);
        const double t1 = lp + log_q((x0 + dist.cursor - d) * dist.noise.inv_sigma1[i]);
        const double t0 = lp + log_q((d - x0) * dist.noise.inv_sigma0[i]);
        all.add(t1);
        all.add(t0);
        tail1.add(t1);
        tail0.add(t0);
      }
      if (!(all.value() < -2100.0)) continue;  // the scaled sums' domain
      ++deep;
      EXPECT_EQ(log_ber_without_jitter(dist, d), all.value()) << sigma << " " << d;
      const std::optional<LogBerTails> tails = log_ber_tails_without_jitter(dist, d);
      ASSERT_TRUE(tails);
      EXPECT_EQ(tails->log_ber, all.value()) << sigma << " " << d;
      EXPECT_EQ(tails->log_tail1, tail1.value()) << sigma << " " << d;
      EXPECT_EQ(tails->log_tail0, tail0.value()) << sigma << " " << d;
    }
  }
  EXPECT_GE(deep, 20);
}

// The extreme bins alone bound the BER from below (what the starting phase's scan prunes with),
// at every depth (the sums, the scaled sums, the log domain), and the bound is near it where
// the worst pattern dominates (a deep eye whose extreme bin is its nearest to the threshold).
TEST(LogBerSlope, TheExtremeBinsBoundItFromBelow) {
  int tight = 0;
  for (const auto& [sigma, spread, every] : {std::tuple{0.08, 0.2, 5},
                                             {0.03, 0.2, 5},
                                             {0.012, 0.2, 5},
                                             {0.005, 0.2, 5},
                                             {0.006, 0.02, 1},
                                             {0.05, 0.6, 3}}) {
    const PhaseDistribution dist = spread_levels(sigma, spread, every);
    for (const double d : {0.3, 0.45, 0.55, 0.62, 0.7, 0.9}) {
      const double ber = log_ber_without_jitter(dist, d);
      const double bound = log_ber_lower_bound_without_jitter(dist, d);
      EXPECT_LE(bound, ber + 1e-9) << sigma << " " << d;
      tight += bound > ber - 5.0;
    }
  }
  EXPECT_GE(tight, 6);
  PhaseDistribution split = spread_levels(0.03);
  split.split = true;
  split.p1 = split.p;
  EXPECT_EQ(log_ber_lower_bound_without_jitter(split, 0.5),
            -std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace mosaic::phy

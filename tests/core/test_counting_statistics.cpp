#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/math/confidence.hpp"
#include "mosaic/core/math/count_tails.hpp"

namespace mosaic {
namespace {

double binom_pmf(int n, int k, double p) {
  return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) +
                  k * std::log(p) + (n - k) * std::log1p(-p));
}

TEST(Tails, BinomialMatchesDirectSum) {
  for (int n : {1, 5, 40, 200}) {
    for (double p : {1e-6, 0.01, 0.3, 0.5, 0.9}) {
      for (int k = 0; k <= n + 1; k += std::max(1, n / 7)) {
        double below = 0.0;
        for (int j = 0; j < std::min(k, n + 1); ++j) below += binom_pmf(n, j, p);
        const LogTails t = binomial_tails(n, k, p);
        EXPECT_NEAR(std::exp(t.below), below, 1e-12) << n << " " << k << " " << p;
        EXPECT_NEAR(std::exp(t.at_least), 1.0 - below, 1e-12) << n << " " << k << " " << p;
      }
    }
  }
}

TEST(Tails, BinomialFarTailKeepsRelativePrecision) {
  // 430 channels, 5 years at 1 FIT: P(>= 21 failed) ~ C(430, 21) p^21, about 1e-56.
  const int n = 430, k = 21;
  const double p = -std::expm1(-1e-9 * 43800.0);
  const double lead = std::log(binom_pmf(n, k, p));
  const double got = binomial_tails(n, k, p).at_least;
  EXPECT_LT(got, std::log(1e-50));
  EXPECT_NEAR(got, lead, 1e-3);  // the next term is ~1e-4 of the first
}

TEST(Tails, PoissonMatchesDirectSum) {
  for (double mean : {1e-3, 0.5, 3.0, 40.0}) {
    for (int k = 0; k < 80; k += 3) {
      double below = 0.0;
      for (int j = 0; j < k; ++j)
        below += std::exp(j * std::log(mean) - mean - std::lgamma(j + 1.0));
      const LogTails t = poisson_tails(mean, k);
      EXPECT_NEAR(std::exp(t.below), below, 1e-12) << mean << " " << k;
      EXPECT_NEAR(std::exp(t.at_least), 1.0 - below, 1e-12) << mean << " " << k;
    }
  }
}

TEST(Tails, ClopperPearsonKnownValues) {
  // x = 0: upper = 1 - (alpha/2)^(1/n).
  const Interval i0 = clopper_pearson(0, 10, 0.95);
  EXPECT_EQ(i0.low, 0.0);
  EXPECT_NEAR(i0.high, 1.0 - std::pow(0.025, 0.1), 1e-9);
  // x = n: lower = (alpha/2)^(1/n).
  const Interval in = clopper_pearson(10, 10, 0.95);
  EXPECT_NEAR(in.low, std::pow(0.025, 0.1), 1e-9);
  EXPECT_EQ(in.high, 1.0);
  // Tabulated: 5 of 20 at 95 %: [0.0866, 0.4910].
  const Interval i5 = clopper_pearson(5, 20, 0.95);
  EXPECT_NEAR(i5.low, 0.0866, 5e-4);
  EXPECT_NEAR(i5.high, 0.4910, 5e-4);
}

TEST(Tails, GarwoodKnownValues) {
  const Interval g0 = garwood(0, 0.95);
  EXPECT_EQ(g0.low, 0.0);
  EXPECT_NEAR(g0.high, -std::log(0.025), 1e-9);
  // Tabulated: 10 events at 95 %: [4.795, 18.390].
  const Interval g10 = garwood(10, 0.95);
  EXPECT_NEAR(g10.low, 4.795, 2e-3);
  EXPECT_NEAR(g10.high, 18.390, 2e-3);
}

}  // namespace
}  // namespace mosaic

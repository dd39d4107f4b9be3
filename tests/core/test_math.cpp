#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic {
namespace {

TEST(LogQ, MatchesErfcWhereErfcIsRepresentable) {
  for (double z = -5.0; z < 37.0; z += 0.37)
    EXPECT_NEAR(log_q(z), std::log(0.5 * std::erfc(z / std::sqrt(2.0))),
                1e-9 * (1 + std::abs(log_q(z))))
        << z;
}

TEST(LogQ, TailIsFiniteAndContinuousAcrossTheSwitch) {
  EXPECT_NEAR(log_q(29.999999), log_q(30.0), 1e-4);
  EXPECT_TRUE(std::isfinite(log_q(100.0)));
  // ln Q(100) = -5000 - ln(100 sqrt(2 pi)) + ln(1 - 1e-4 + ...)
  EXPECT_NEAR(log_q(100.0), -5000.0 - std::log(100.0 * std::sqrt(2.0 * M_PI)) - 1e-4, 1e-6);
}

TEST(LogQ, InverseRoundTrips) {
  for (double p : {0.4, 1e-3, 2.4e-4, 1e-12, 1e-100})
    EXPECT_NEAR(q_function(q_inverse(p)) / p, 1.0, 1e-9) << p;
  EXPECT_NEAR(q_inverse_from_log(log_q(50.0)), 50.0, 1e-9);
  EXPECT_NEAR(q_inverse(0.5), 0.0, 1e-12);
  EXPECT_NEAR(q_inverse(0.9), -q_inverse(0.1), 1e-9);
}

TEST(LogSumExp, AddsWithoutUnderflow) {
  LogSumExp acc;
  acc.add(-2000.0);
  acc.add(-2000.0);
  EXPECT_NEAR(acc.value(), -2000.0 + std::log(2.0), 1e-12);
}

TEST(Rng, SameKeySameStreamDifferentKeyDifferentStream) {
  Rng a(42, RngPurpose::kMcNoise, 7, 3);
  Rng b(42, RngPurpose::kMcNoise, 7, 3);
  Rng c(42, RngPurpose::kMcNoise, 8, 3);
  Rng d(42, RngPurpose::kMcData, 7, 3);
  int same_c = 0, same_d = 0;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next_u32();
    EXPECT_EQ(x, b.next_u32());
    same_c += x == c.next_u32();
    same_d += x == d.next_u32();
  }
  EXPECT_LT(same_c, 3);
  EXPECT_LT(same_d, 3);
}

TEST(Rng, NormalHasUnitMomentsWithinSamplingError) {
  Rng r(1, RngPurpose::kMcNoise, 0);
  const int n = 200000;
  double sum = 0, sum2 = 0;
  for (int i = 0; i < n; ++i) {
    const double x = r.normal();
    sum += x;
    sum2 += x * x;
  }
  // 5-sigma bounds of the sample mean and variance.
  EXPECT_NEAR(sum / n, 0.0, 5.0 / std::sqrt(n));
  EXPECT_NEAR(sum2 / n, 1.0, 5.0 * std::sqrt(2.0 / n));
  for (int i = 0; i < 1000; ++i) {
    const double u = r.uniform();
    EXPECT_GT(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
}

}  // namespace
}  // namespace mosaic

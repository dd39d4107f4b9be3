// The statistical eye's taps sorted into kept and lumped as they are gathered: every level gives
// the scalar reference's taps in its order, and the split is by size at the limit.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "common/vector_levels.hpp"
#include "mosaic/phy/tap_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

using test::vector_levels_above_baseline;

TEST(TapKernels, EveryLevelSplitsAsTheReference) {
  for (const int n : {0, 1, 7, 8, 9, 15, 16, 31, 33, 64}) {
    std::vector<double> samples(n);
    // Sizes either side of the limit, both signs, exactly at it too.
    for (int i = 0; i < n; ++i) samples[i] = std::sin(0.9 * i + 0.2) * std::pow(10.0, -(i % 4));
    if (n > 3) samples[3] = 0.05 / 2.0;  // |t| = tiny exactly: kept
    const double swing = 2.0;
    const double tiny = 0.05;
    std::vector<double> big(n, -9.0), small(n, -9.0);
    TapOutputs ref{big.data(), small.data()};
    split_taps_at(VectorLevel::kBaseline, samples.data(), n, swing, tiny, ref);
    const long kept = ref.big - big.data();
    const long lumped = ref.small - small.data();
    ASSERT_EQ(kept + lumped, n);
    int k = 0, l = 0;
    for (int i = 0; i < n; ++i) {
      const double t = swing * samples[i];
      if (std::abs(t) >= tiny) {
        ASSERT_EQ(big[k++], t) << n << " " << i;
      } else {
        ASSERT_EQ(small[l++], t) << n << " " << i;
      }
    }
    for (const VectorLevel level : vector_levels_above_baseline()) {
      std::vector<double> big2(n, -9.0), small2(n, -9.0);
      TapOutputs got{big2.data(), small2.data()};
      split_taps_at(level, samples.data(), n, swing, tiny, got);
      ASSERT_EQ(got.big - big2.data(), kept) << to_string(level);
      ASSERT_EQ(got.small - small2.data(), lumped) << to_string(level);
      for (long i = 0; i < kept; ++i) EXPECT_EQ(big2[i], big[i]) << to_string(level);
      for (long i = 0; i < lumped; ++i) EXPECT_EQ(small2[i], small[i]) << to_string(level);
    }
  }
}

}  // namespace
}  // namespace mosaic::phy::kernels

// The ISI histogram's convolution step against a direct scatter of the same mass.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "mosaic/phy/histogram_kernels.hpp"

namespace mosaic::phy::kernels {
namespace {

TEST(HistogramKernels, AddFairBitMatchesAScatterAndKeepsTheMass) {
  constexpr int kBins = 64;
  for (const double u : {0.0, 0.3, 1.0, 5.75, 17.5, 40.2, 63.0}) {
    std::vector<double> p(kBins, 0.0);
    int top = 20;
    for (int i = 0; i <= top; ++i) p[i] = 1.0 + 0.1 * i;
    const double mass = std::accumulate(p.begin(), p.end(), 0.0);
    std::vector<double> expect(kBins, 0.0);
    const int whole = static_cast<int>(u);
    const double frac = u - whole;
    for (int i = 0; i <= top; ++i) {
      expect[i] += 0.5 * p[i];
      expect[std::min(i + whole, kBins - 1)] += 0.5 * p[i] * (1.0 - frac);
      expect[std::min(i + whole + 1, kBins - 1)] += 0.5 * p[i] * frac;
    }
    std::vector<double> out(2 * kBins + 1, -1.0), padded(3 * kBins + 3, -1.0);
    const int new_top = add_fair_bit(p.data(), top, u, kBins, out.data(), padded.data());
    EXPECT_EQ(new_top, std::min(kBins - 1, top + whole + 1)) << u;
    double total = 0.0;
    for (int i = 0; i <= new_top; ++i) {
      EXPECT_NEAR(out[i], expect[i], 1e-14 * mass) << "u " << u << " bin " << i;
      total += out[i];
    }
    EXPECT_NEAR(total, mass, 1e-13 * mass) << u;
  }
}

TEST(HistogramKernels, InverseSigmasAddShotNoiseAboveZeroOnly) {
  std::vector<double> inv0(8), inv1(8);
  inverse_sigmas(-2.0, 1.0, 3.0, 4.0, 0.5, 1e-6, 8, inv0.data(), inv1.data());
  for (int i = 0; i < 8; ++i) {
    const double x0 = -2.0 + i;
    EXPECT_DOUBLE_EQ(inv0[i], 1.0 / std::sqrt(4.0 + 0.5 * std::max(x0, 0.0)));
    EXPECT_DOUBLE_EQ(inv1[i], 1.0 / std::sqrt(4.0 + 0.5 * std::max(x0 + 3.0, 0.0)));
  }
}

}  // namespace
}  // namespace mosaic::phy::kernels

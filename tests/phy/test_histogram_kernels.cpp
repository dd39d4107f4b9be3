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
    std::vector<double> half(fair_bit_buffer_size(kBins), 0.0), out(kBins, -1.0);
    double* half_p = half.data() + fair_bit_buffer_offset(kBins);
    for (int i = 0; i <= top; ++i) half_p[i] = 0.5 * p[i];
    const int new_top = add_fair_bit(half_p, top, u, kBins, 1.0, out.data());
    EXPECT_EQ(new_top, std::min(kBins - 1, top + whole + 1)) << u;
    double total = 0.0;
    for (int i = 0; i <= new_top; ++i) {
      EXPECT_NEAR(out[i], expect[i], 1e-14 * mass) << "u " << u << " bin " << i;
      total += out[i];
    }
    EXPECT_NEAR(total, mass, 1e-13 * mass) << u;
  }
}

// The form the kernel replaced: a padded, halved copy of the input per tap, the output written
// whole and copied back. A chain of taps through add_fair_bit, its halved outputs feeding the next
// tap, gives the same bits.
int three_pass_fair_bit(const double* p, int top, double u, int bins, double* out) {
  const int whole = static_cast<int>(u);
  const double frac = u - whole;
  const double keep = 1.0 - frac;
  const int reach = top + whole + 1;
  std::vector<double> padded(top + 2 * whole + 3, 0.0);
  for (int i = 0; i <= top; ++i) padded[whole + 1 + i] = 0.5 * p[i];
  for (int k = 0; k <= reach; ++k)
    out[k] = whole == 0 ? (padded[k] * frac + padded[k + 1]) + padded[k + 1] * keep
                        : (padded[k] * frac + padded[k + 1] * keep) + padded[whole + 1 + k];
  for (int k = bins; k <= reach; ++k) out[bins - 1] += out[k];
  return std::min(bins - 1, reach);
}

TEST(HistogramKernels, AChainOfTapsGivesTheThreePassBits) {
  constexpr int kBins = 256;
  for (unsigned seed = 1; seed <= 20; ++seed) {
    // Taps of every size, whole-bin moves 0 to the whole grid, spills past the last bin.
    std::vector<double> taps;
    unsigned x = seed * 2654435761u;
    for (int t = 0; t < 48; ++t) {
      x = x * 1664525u + 1013904223u;
      const double r = (x >> 8) * (1.0 / 16777216.0);
      taps.push_back(t % 7 == 0 ? 60.0 * r : (t % 3 == 0 ? r : 12.0 * r * r));
    }
    std::vector<double> ref(kBins, 0.0), next(2 * kBins + 1, 0.0);
    ref[0] = 1.0;
    int ref_top = 0;
    std::vector<double> halves[2] = {std::vector<double>(fair_bit_buffer_size(kBins), 0.0),
                                     std::vector<double>(fair_bit_buffer_size(kBins), 0.0)};
    double* half[2] = {halves[0].data() + fair_bit_buffer_offset(kBins),
                       halves[1].data() + fair_bit_buffer_offset(kBins)};
    std::vector<double> got(kBins, 0.0);
    half[0][0] = 0.5;
    int top = 0;
    for (std::size_t t = 0; t < taps.size(); ++t) {
      ref_top = three_pass_fair_bit(ref.data(), ref_top, taps[t], kBins, next.data());
      std::copy(next.begin(), next.begin() + ref_top + 1, ref.begin());
      const bool last = t + 1 == taps.size();
      top = add_fair_bit(half[t % 2], top, taps[t], kBins, last ? 1.0 : 0.5,
                         last ? got.data() : half[(t + 1) % 2]);
      ASSERT_EQ(top, ref_top);
    }
    for (int i = 0; i < kBins; ++i) ASSERT_EQ(got[i], ref[i]) << "seed " << seed << " bin " << i;
  }
}

TEST(HistogramKernels, LumpedTapsAreTheFairBitsMeanAndVariance) {
  for (const int n : {0, 1, 7, 8, 9, 31, 288}) {
    std::vector<double> taps(n);
    long double mean = 0.0L, variance = 0.0L;
    for (int i = 0; i < n; ++i) {
      taps[i] = std::sin(1.7 * i + 0.3) * std::pow(10.0, -(i % 5));
      mean += 0.5L * taps[i];
      variance += 0.25L * taps[i] * taps[i];
    }
    const LumpedTaps got = lump_taps(taps.data(), n);
    EXPECT_NEAR(got.mean, static_cast<double>(mean), 1e-15 * n) << n;
    EXPECT_NEAR(got.variance, static_cast<double>(variance), 1e-15 * n) << n;
  }
}

TEST(HistogramKernels, InverseSigmasAddShotNoiseAboveZeroOnly) {
  std::vector<double> inv0(8), inv1(8);
  inverse_sigmas(-2.0, 1.0, 3.0, 4.0, 0.5, 1e-6, 0, 7, inv0.data(), inv1.data());
  for (int i = 0; i < 8; ++i) {
    const double x0 = -2.0 + i;
    EXPECT_DOUBLE_EQ(inv0[i], 1.0 / std::sqrt(4.0 + 0.5 * std::max(x0, 0.0)));
    EXPECT_DOUBLE_EQ(inv1[i], 1.0 / std::sqrt(4.0 + 0.5 * std::max(x0 + 3.0, 0.0)));
  }
}

}  // namespace
}  // namespace mosaic::phy::kernels

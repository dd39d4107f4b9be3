// The pulse response's loops (phy/pulse_kernels.*) against the scalar operations they replace, bit
// for bit at the vector level this machine runs: std::complex's product, the first-order
// response bin by bin, and the peak as the first and last samples within a hair of the maximum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/lowpass.hpp"
#include "mosaic/phy/pulse_kernels.hpp"

namespace mosaic::phy {
namespace {

bool same_bits(std::complex<double> a, std::complex<double> b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

TEST(PulseKernels, ProductsAreStdComplexBitForBit) {
  Rng rng(5, RngPurpose::kSweepSample, 1);
  for (const int count : {1, 3, 8, 13, 513}) {
    std::vector<std::complex<double>> x(count), y(count), out(count);
    for (int k = 0; k < count; ++k) {
      // Magnitudes over many decades, so that the two products of a part round apart.
      x[k] = {(rng.uniform() - 0.5) * std::exp(20 * rng.uniform()),
              (rng.uniform() - 0.5) * std::exp(-20 * rng.uniform())};
      y[k] = {rng.uniform() - 0.5, (rng.uniform() - 0.5) * 1e-3};
    }
    kernels::multiply_bins(x.data(), y.data(), count, out.data());
    for (int k = 0; k < count; ++k)
      EXPECT_TRUE(same_bits(out[k], x[k] * y[k])) << count << " " << k;
  }
}

TEST(PulseKernels, FirstOrderBinsAreTheScalarResponse) {
  const std::unique_ptr<LowPass> shape = make_first_order_lowpass();
  for (const double f3db : {0.31e9, 1.7e9, 2.2e9, 9.9e9}) {
    for (const int count : {1, 2, 9, 257, 1025}) {
      const double df = 3.1e7;
      std::vector<std::complex<double>> bins(count);
      shape->responses(f3db, df, count, bins.data());
      for (int k = 0; k < count; ++k)
        EXPECT_TRUE(same_bits(bins[k], shape->response(f3db, k * df))) << f3db << " " << k;
    }
  }
}

TEST(PulseKernels, PeakIsTheMiddleOfTheSamplesWithinAHairOfTheMaximum) {
  Rng rng(9, RngPurpose::kSweepSample, 2);
  for (const int n : {1, 7, 8, 64, 1024}) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<double> h(n);
      for (double& v : h) v = rng.uniform() - 0.3;
      // A flat top of a few equal samples in some trials, as an ideal filter gives.
      if (trial % 3 == 0 && n > 4) {
        const int at = static_cast<int>(rng.uniform() * (n - 4));
        for (int i = 0; i < 3; ++i) h[at + i * (trial % 2 + 1)] = 2.0;
      }
      const double top = *std::max_element(h.begin(), h.end());
      int first = -1, last = -1;
      for (int i = 0; i < n; ++i)
        if (h[i] >= top - 1e-9 * std::abs(top)) {
          if (first < 0) first = i;
          last = i;
        }
      EXPECT_EQ(kernels::peak_index(h.data(), n), (first + last) / 2) << n << " " << trial;
    }
  }
}

}  // namespace
}  // namespace mosaic::phy

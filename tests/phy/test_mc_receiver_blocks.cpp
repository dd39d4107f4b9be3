// Monte Carlo receiver blocks: the section filter against the double-precision cascade, the
// photodiode's weighted sum, the unit-noise scale of a first-order section in closed form, and the
// noise block's variance (thermal, and shot following the signal) with its pass-through and reset.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/biquad.hpp"
#include "mosaic/phy/mc/noise.hpp"
#include "mosaic/phy/mc/photodiode.hpp"
#include "mosaic/phy/mc/section_filter.hpp"
#include "mosaic/phy/mc/segment.hpp"

namespace mosaic::phy::mc {
namespace {

const std::vector<Biquad>& two_sections() {
  static const std::vector<Biquad> s{bilinear({{1, 0, 0}, {1, std::sqrt(2.0), 1}}, 1.4e9, 34e9),
                                     bilinear({{1, 3.0, 0}, {1, 2, 1}}, 2.5e9, 34e9)};
  return s;
}

TEST(McSectionFilter, MatchesTheDoubleCascadeOnEveryLane) {
  const std::size_t n = 600;
  std::vector<float> in(n * kLanes), out(in.size());
  Rng rng(5, RngPurpose::kMcNoise, 0);
  for (auto& v : in) v = static_cast<float>(rng.normal());
  SectionFilter f(two_sections());
  f.process(in, out);
  for (int l = 0; l < kLanes; ++l) {
    std::vector<double> lane(n);
    for (std::size_t i = 0; i < n; ++i) lane[i] = in[i * kLanes + l];
    const std::vector<double> ref = biquad_response(two_sections(), lane);
    for (std::size_t i = 0; i < n; ++i) ASSERT_NEAR(out[i * kLanes + l], ref[i], 1e-4) << i;
  }
  // From reset the same input gives the same output; in place is the same as out of place.
  f.reset();
  std::vector<float> again = in;
  f.process(again, again);
  EXPECT_EQ(again, out);
  SectionFilter gain({}, 0.5f);
  gain.process(in, out);
  for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], 0.5f * in[i]);
}

TEST(McPhotodiode, SumsTheNeighboursLeakage) {
  const std::size_t n = 8 * kLanes;
  std::vector<float> own(n, 1.0f), a(n), b(n), out(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = -2.0f * float(i);
  }
  const Photodiode pd({0.01f, 0.001f});
  const std::vector<std::span<const float>> nb{a, b};
  pd.process(own, nb, out);
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_FLOAT_EQ(out[i], 1.0f + 0.01f * float(i) - 0.002f * float(i));
}

// The bilinear first-order low-pass is g (1 + z^-1) / (1 - p z^-1) with p = 1 - 2 g (b0 = g; as
// a biquad it carries a cancelled pole-zero pair at z = -1): h[0] = g, h[k] = g (1 + p) p^(k-1),
// so sum h^2 = 2 g^2 / (1 - p) = g and the unit scale is 1 / sqrt(g).
TEST(McNoise, UnitScaleOfAFirstOrderSection) {
  const std::vector<Biquad> one{bilinear({{1, 0, 0}, {1, 1, 0}}, 1e9, 32e9)};
  const double g = one[0].b[0];
  EXPECT_NEAR(unit_noise_scale(one, 16), 1.0 / std::sqrt(g), 1e-9);
  EXPECT_EQ(unit_noise_scale({}, 16), 1.0);
}

// Filtered and rescaled, the noise has the statistical eye's variance at every sample:
// thermal^2 + shot * x.
TEST(McNoise, VarianceIsThermalPlusShot) {
  const int os = 16;
  const std::size_t ns = std::size_t{kSegmentBits} * os * kLanes;
  const double thermal = 1e-7, shot = 4e-9, level = 3e-6;
  Noise::Config c{9, 3, thermal, shot, unit_noise_scale(two_sections(), os)};
  Noise noise(c, two_sections());
  std::vector<float> x(ns, float(level)), y(ns);
  double sum = 0.0, sum2 = 0.0, count = 0.0;
  for (int u = 0; u < 40; ++u) {
    noise.process(x, y);
    if (u < 2) continue;  // the filter settles
    for (std::size_t i = 0; i < ns; ++i) {
      const double e = double(y[i]) - level;
      sum += e;
      sum2 += e * e;
      count += 1.0;
    }
  }
  const double want = thermal * thermal + shot * level;
  // Neighbouring samples are correlated by the filter: a wide statistical tolerance.
  EXPECT_NEAR(sum2 / count / want, 1.0, 0.03);
  EXPECT_NEAR(sum / count, 0.0, 0.03 * std::sqrt(want));
  // Reset replays the same stream.
  std::vector<float> first(ns), again(ns);
  noise.reset();
  noise.process(x, first);
  noise.reset();
  noise.process(x, again);
  EXPECT_EQ(first, again);
  // No noise terms: a pass-through.
  Noise off({9, 3, 0.0, 0.0, 1.0}, two_sections());
  off.process(x, y);
  EXPECT_EQ(y, x);
}

}  // namespace
}  // namespace mosaic::phy::mc

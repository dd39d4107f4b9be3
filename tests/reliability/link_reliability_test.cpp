#include "mosaic/reliability/link_reliability.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/design/presets.hpp"

namespace mosaic::reliability {
namespace {

ReliabilityModel exp_model(int n, int spares, double ch_fit, double common_fit, double years) {
  ReliabilityModel m;
  m.channels = n;
  m.spares = spares;
  m.channel = Lifetime::from_fit(ch_fit);
  m.common = Lifetime::from_fit(common_fit);
  m.life_h = years * kHoursPerYear;
  m.mttr_h = 24.0;
  return m;
}

TEST(LinkReliability, NoSparesIsSeriesSystem) {
  const ReliabilityModel m = exp_model(410, 0, 3.0, 7.0, 5.0);
  const LinkReliability r = link_reliability(m, 400, 10);
  EXPECT_NEAR(r.link_fit, 410 * 3.0 + 7.0, 1e-9);
  EXPECT_NEAR(r.reliability, std::exp(-(410 * 3.0 + 7.0) * 1e-9 * m.life_h), 1e-12);
  EXPECT_NEAR(r.mttf_h, 1e9 / (410 * 3.0 + 7.0), 1e-4 * 1e9 / (410 * 3.0 + 7.0));
  EXPECT_NEAR(r.afr, -std::expm1(-r.link_fit * 8760e-9), 1e-15);
}

TEST(LinkReliability, MttfOfKOutOfNMatchesSumOfStages) {
  // Exponential channels, no common parts: MTTF = sum_{i=0}^{S} 1 / ((n - i) lambda).
  const ReliabilityModel m = exp_model(30, 4, 1e5, 0.0, 5.0);
  double expect = 0.0;
  for (int i = 0; i <= 4; ++i) expect += 1e9 / ((30 - i) * 1e5);
  EXPECT_NEAR(mttf_h(m), expect, 1e-4 * expect);
}

TEST(LinkReliability, PaperClaimFivePercentSparesBelowTwentyFit) {
  // 400 data + 10 ECC + 20 spares (5 %), 1 FIT per channel: the channels contribute nothing
  // measurable and the link stays below 20 FIT with the default common parts.
  LinkSpec s = preset("800g");
  s.array.spare_channels = 20;
  s.array.rows = 43;  // 430 pixels: no surplus pixel serves as a further spare
  s.array.cols = 10;
  s.reliability.channel_fit = 1.0;
  const LinkReliability r = link_reliability(s);
  EXPECT_LT(r.link_fit, 20.0);
  EXPECT_LT(r.channel_fit_contribution, 1e-6);
  EXPECT_NEAR(r.link_fit, s.reliability.common_fit + s.reliability.passive_fit, 1e-6);
  // Without spares the same channels alone would be 410 FIT.
  s.array.spare_channels = 0;
  s.array.rows = 41;
  EXPECT_NEAR(link_reliability(s).channel_fit_contribution, 410.0, 1e-6);
}

// The pixels of the array beyond data + ECC + spares are spares to the lanes (assign_roles), so
// they are spares to the reliability model too: 1.6t's 40 hot spares in an array of 10 more.
TEST(LinkReliability, SurplusPixelsAreSparesAsForTheLanes) {
  const LinkSpec s = preset("1.6t");
  const int pixels = s.array.rows * s.array.cols;
  ASSERT_GT(pixels, s.total_channels());
  EXPECT_EQ(s.spare_positions(), pixels - s.array.data_channels - s.array.ecc_channels);
  const LinkReliability r = link_reliability(s);
  EXPECT_EQ(r.spares, s.spare_positions());
  EXPECT_EQ(r.spares_unusable, 0);
  EXPECT_EQ(link_reliability(s, 7).spares, 7);
  EXPECT_EQ(link_reliability(s, 7).spares_unusable, s.spare_positions() - 7);
}

TEST(LinkReliability, DefaultsAndFiniteOutputs) {
  const LinkReliability r = link_reliability(preset("800g"));
  EXPECT_LT(r.link_fit, 20.0);
  EXPECT_TRUE(std::isfinite(r.mttf_h));
  EXPECT_TRUE(r.markov.has_value());
  EXPECT_FALSE(r.assumptions.empty());
}

TEST(LinkReliability, ZeroFitNeverFails) {
  LinkSpec s = preset("800g");
  s.reliability.channel_fit = 0.0;
  s.reliability.common_fit = 0.0;
  s.reliability.passive_fit = 0.0;
  const LinkReliability r = link_reliability(s);
  EXPECT_EQ(r.link_fit, 0.0);
  EXPECT_EQ(r.afr, 0.0);
  EXPECT_EQ(r.reliability, 1.0);
  EXPECT_TRUE(std::isinf(r.mttf_h));
  EXPECT_EQ(r.markov->failure_probability, 0.0);
}

TEST(LinkReliability, ArrheniusAcceleratesFit) {
  EXPECT_NEAR(arrhenius_factor(0.7, 25.0, 25.0), 1.0, 1e-15);
  const double af = arrhenius_factor(0.7, 25.0, 85.0);
  EXPECT_NEAR(af, std::exp(0.7 / 8.617333262e-5 * (1.0 / 298.15 - 1.0 / 358.15)), 1e-9 * af);
  EXPECT_GT(af, 50.0);
  LinkSpec s = preset("800g");
  s.array.spare_channels = 0;
  s.array.rows = 41;  // 410 pixels, all data and ECC
  s.array.cols = 10;
  s.environment.case_temperature_c = 85.0;
  const LinkReliability r = link_reliability(s);
  // Arrhenius only on what has an activation energy: the passive connector and fiber stay put.
  EXPECT_NEAR(r.link_fit, (460 - 50) * af * 1.0 + 4.0 * af + 1.0, 1e-6 * r.link_fit);
}

TEST(LinkReliability, WeibullWearOutClosedForm) {
  // S = 0: R(t) = exp(-n (lambda t + (t / eta)^beta)).
  LinkSpec s = preset("800g");
  s.array.spare_channels = 0;
  s.array.rows = 41;  // 410 pixels, all data and ECC
  s.array.cols = 10;
  s.reliability.common_fit = 0.0;
  s.reliability.passive_fit = 0.0;
  s.reliability.weibull_scale_years = 40.0;
  s.reliability.weibull_shape = 3.0;
  const LinkReliability r = link_reliability(s);
  const double t = 5.0 * 8760.0, eta = 40.0 * 8760.0;
  const double h = 410.0 * (1e-9 * t + std::pow(t / eta, 3.0));
  EXPECT_NEAR(r.reliability, std::exp(-h), 1e-12);
  EXPECT_FALSE(r.markov.has_value());
}

}  // namespace
}  // namespace mosaic::reliability

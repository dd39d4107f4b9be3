// Only spares that meet the BER target count as spares in the reliability model.
#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic::report {
namespace {

TEST(UsableSpares, ReliabilityCountsOnlySparesBelowTheTarget) {
  LinkSpec s = preset("800g");
  s.fiber.length_m = 50.0;
  EvalOptions o;
  o.margin = false;
  o.bathtubs = false;
  const Evaluation r = evaluate(s, o);
  int spares = 0, below = 0;
  for (const auto& c : r.phy.channels) {
    if (r.lanes.roles[c.index] != link::ChannelRole::kSpare) continue;
    ++spares;
    if (c.ber < 2.4e-4) ++below;
  }
  std::printf("50 m: %d spares, %d below 2.4e-4\n", spares, below);
  EXPECT_EQ(r.reliability.spares, below);
  EXPECT_EQ(r.link().spare_usable, below);  // the link summary counts the same spares
  EXPECT_EQ(r.reliability.spares_unusable, s.array.spare_channels - below);
  EXPECT_EQ(r.reliability.channels, s.array.data_channels + s.array.ecc_channels + below);
}

TEST(UsableSpares, SlowHotLinkAtRatedReachHasUnusableSpares) {
  // At 50 m and 85 degC some spares really are too weak: the count is not just the design's.
  LinkSpec s = preset("800g");
  s.fiber.length_m = 50.0;
  s.environment.case_temperature_c = 85.0;
  EvalOptions o;
  o.margin = false;
  o.bathtubs = false;
  const Evaluation r = evaluate(s, o);
  int below = 0;
  for (const auto& c : r.phy.channels)
    if (r.lanes.roles[c.index] == link::ChannelRole::kSpare && c.ber < 2.4e-4) ++below;
  EXPECT_EQ(r.reliability.spares, below);
  EXPECT_GT(r.reliability.spares_unusable, 0);
}

TEST(UsableSpares, FewerUsableSparesMeanAHigherLinkFit) {
  LinkSpec s = preset("800g");
  s.reliability.channel_fit = 50.0;  // make channel failures matter against the common parts
  const auto all = reliability::link_reliability(s);
  const auto few = reliability::link_reliability(s, 2);
  EXPECT_EQ(all.spares, s.array.spare_channels);
  EXPECT_EQ(few.spares, 2);
  EXPECT_GT(few.link_fit, all.link_fit);
  EXPECT_GT(few.spares_exhausted_probability, all.spares_exhausted_probability);
}

}  // namespace
}  // namespace mosaic::report

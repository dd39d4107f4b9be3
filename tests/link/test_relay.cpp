#include <gtest/gtest.h>

#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/link/relay.hpp"

namespace mosaic::link {
namespace {

std::vector<std::uint64_t> random_words(std::size_t n, std::uint64_t seed) {
  Rng rng(seed, RngPurpose::kLinkPayload, 99);
  std::vector<std::uint64_t> v(n);
  for (auto& w : v) w = rng.next_u64();
  return v;
}

TEST(Relay, RandomBitsCleanChannelsBitExact) {
  for (Striping s : {Striping::kBit, Striping::kWord}) {
    LinkSpec spec = preset("800g");
    spec.link.striping = s;
    const auto in = random_words(300000, 1);
    RelayResult r;
    const auto out = relay_words(spec, in, {}, &r);
    EXPECT_EQ(out, in);
    EXPECT_TRUE(r.bit_exact);
    EXPECT_EQ(r.ecc_corrected_bits, 0u);
    EXPECT_EQ(r.link_state, LinkState::kUp);
    EXPECT_TRUE(r.swaps.empty());
  }
}

TEST(Relay, PrototypeWithoutEccRelays) {
  LinkSpec spec = preset("prototype");
  const auto in = random_words(100000, 2);
  RelayResult r;
  EXPECT_EQ(relay_words(spec, in, {}, &r), in);
  EXPECT_EQ(r.ecc_lanes, 0);
}

TEST(Relay, SkewAndPermutationAbsorbed) {
  LinkSpec spec = preset("800g");
  spec.link.max_skew_ui = 200;
  FaultPlan plan;
  plan.permute = true;
  Rng rng(5, RngPurpose::kSkew, 0);
  for (int c = 0; c < spec.total_channels(); ++c) plan.skew_ui.push_back(rng.next_u32() % 201);
  plan.skew_ui[3] = 200;  // the configured maximum
  plan.skew_ui[4] = 0;
  const auto in = random_words(400000, 3);
  RelayResult r;
  EXPECT_EQ(relay_words(spec, in, plan, &r), in);
  EXPECT_EQ(r.ecc_corrected_bits, 0u);
  EXPECT_TRUE(r.mapped_out.empty());
}

TEST(Relay, SkewBeyondMaximumIsNotLocked) {
  LinkSpec spec = preset("800g");
  spec.link.max_skew_ui = 64;
  FaultPlan plan;
  plan.skew_ui.assign(spec.total_channels(), 0.0);
  plan.skew_ui[10] = 300;
  RelayResult r;
  const auto in = random_words(200000, 4);
  EXPECT_EQ(relay_words(spec, in, plan, &r), in);  // mapped out at training, a spare takes over
  ASSERT_EQ(r.mapped_out.size(), 1u);
  EXPECT_EQ(r.mapped_out[0], 10);
}

TEST(Relay, DeadChannelMidRunSwappedHitlessly) {
  LinkSpec spec = preset("800g");
  RelayOptions opt;
  opt.host_bits = 40 * 6528000ull;
  const double period_s = 16384 / (spec.channel.rate_gbps * 1e9);
  opt.faults.failures.push_back({17, (spec.link.training_periods + 10.5) * period_s});
  const auto r = run_relay(spec, opt);
  EXPECT_TRUE(r.bit_exact);
  ASSERT_EQ(r.swaps.size(), 1u);
  EXPECT_EQ(r.swaps[0].from_channel, 17);
  EXPECT_TRUE(r.swaps[0].acknowledged);
  EXPECT_GE(r.swaps[0].to_channel, 410);
  EXPECT_GT(r.ecc_corrected_bits, 0u);
  EXPECT_EQ(r.link_state, LinkState::kUp);
  EXPECT_EQ(r.fec.uncorrectable, 0u);
}

}  // namespace
}  // namespace mosaic::link

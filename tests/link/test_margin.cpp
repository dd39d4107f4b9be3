// The link layer at the margin: background BERs up to the KP4 limit with channel deaths, the
// decisions' statistics, the analytic post-ECC model against the pipeline, BERs from 0 to 0.5.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/link/decision_stats.hpp"
#include "mosaic/link/relay.hpp"

namespace mosaic::link {
namespace {

// BER on every channel, K deaths, host bits: the acceptance cases. Runs long enough that deaths
// overlap about as often at every K (K deaths per K/12.5 Gb, at least 1e9 bits).
using MarginCase = std::tuple<double, int>;
class MarginHolds : public ::testing::TestWithParam<MarginCase> {};

TEST_P(MarginHolds, NoHostLossSwapsEqualDeaths) {
  const auto [ber, deaths] = GetParam();
  LinkSpec spec = preset("800g");
  spec.seed = 7;
  RelayOptions opt;
  opt.host_bits = std::max<std::uint64_t>(1'000'000'000ull, std::uint64_t(deaths) * 80'000'000ull);
  opt.faults.background_ber = ber;
  opt.random_deaths = deaths;  // as `mosaic relay --fail-random` draws them
  const auto r = run_relay(spec, opt);
  EXPECT_GE(r.bits_out, 1'000'000'000ull);
  EXPECT_EQ(r.fec.uncorrectable, 0u);
  EXPECT_EQ(r.fec.miscorrected, 0u);
  EXPECT_EQ(r.frames_lost, 0u);
  EXPECT_EQ(r.fec.silent, 0u);
  EXPECT_EQ(r.swaps.size(), std::size_t(deaths));
  EXPECT_LE(r.mapped_out.size(), 1u);
  EXPECT_NE(r.worst_state, LinkState::kDown);
  EXPECT_TRUE(r.spares_exhausted.empty());
  for (const auto& s : r.swaps) EXPECT_NE(s.reason, Verdict::kBer);
  std::printf(
      "BER %.1e, %d deaths, %.2g bits: %zu swaps, %zu mapped out, %llu flagged bit times, "
      "post-ECC BER %.2e, worst state %s\n",
      ber, deaths, double(r.bits_out), r.swaps.size(), r.mapped_out.size(),
      (unsigned long long)r.ecc_uncorrectable_bit_times, r.post_ecc_ber,
      link_state_name(r.worst_state));
}

INSTANTIATE_TEST_SUITE_P(Slow, MarginHolds,
                         ::testing::Combine(::testing::Values(1e-4, 2.4e-4),
                                            ::testing::Values(1, 5, 25, 50)));

// Low BER with deaths up to the spare count: bit-exact without the host FEC, seed after seed.
// A design with 4 spares keeps each run short (2e8 bits, 4 periods of training).
TEST(SlowMargin, BitExactAtLowBerFor200Seeds) {
  LinkSpec spec = preset("800g");
  spec.array.spare_channels = 4;
  spec.link.training_periods = 4;
  int exact = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    spec.seed = seed;
    RelayOptions opt;
    opt.host_bits = 200'000'000;
    opt.faults.background_ber = 1e-6;
    const int deaths = 1 + int(seed % 4);
    opt.random_deaths = deaths;
    const auto r = run_relay(spec, opt);
    EXPECT_TRUE(r.bit_exact) << "seed " << seed << ": " << r.bit_errors << " bit errors";
    EXPECT_EQ(r.swaps.size(), std::size_t(deaths)) << "seed " << seed;
    exact += r.bit_exact;
  }
  EXPECT_EQ(exact, 200);
}

// More deaths than spares at BER 1e-4: degraded (no spare) or down, never silent.
TEST(Margin, MoreDeathsThanSparesAt1e4) {
  LinkSpec spec = preset("800g");
  spec.array.spare_channels = 3;
  spec.link.training_periods = 8;
  RelayOptions opt;
  opt.host_bits = 400'000'000;
  opt.faults.background_ber = 1e-4;
  opt.random_deaths = 6;
  const auto r = run_relay(spec, opt);
  EXPECT_EQ(r.swaps.size(), 3u);
  EXPECT_FALSE(r.spares_exhausted.empty());
  EXPECT_NE(r.link_state, LinkState::kUp);
  EXPECT_TRUE(r.state_reasons & kReasonNoSpare);
  EXPECT_EQ(r.fec.silent, 0u);
  EXPECT_FALSE(r.silent_corruption);
  if (r.link_state == LinkState::kDown) {
    EXPECT_TRUE(r.fec.uncorrectable + r.fec.miscorrected > 0 || r.predicted.down);
  }
}

// The analytic post-ECC model against the pipeline, with ECC on, where the pipeline counts well
// over 100 events: each measured count's 95 % interval must hold the prediction.
TEST(Margin, EccModelAgreesWithPipeline) {
  for (double ber : {1e-4, 2.4e-4}) {
    const LinkSpec spec = preset("800g");
    RelayOptions opt;
    opt.host_bits = 300'000'000;
    opt.faults.background_ber = ber;
    const auto r = run_relay(spec, opt);
    ASSERT_TRUE(r.swaps.empty());
    ASSERT_TRUE(r.mapped_out.empty());
    const double corrected = double(r.ecc_corrected_bits);
    const double flagged = double(r.ecc_uncorrectable_bit_times);
    ASSERT_GE(flagged, 100.0);
    // Poisson counts: measured +- 1.96 sqrt(measured).
    EXPECT_NEAR(r.predicted.corrected_bits, corrected, 1.96 * std::sqrt(corrected)) << ber;
    EXPECT_NEAR(r.predicted.flagged_bit_times, flagged, 1.96 * std::sqrt(flagged)) << ber;
    // Residual bit errors come in clusters (a flagged bit time holds two or more), so the
    // interval is that of the events times the mean cluster size.
    const double errors = double(r.bit_errors);
    const double cluster = errors / flagged;
    const double predicted_errors = r.predicted.post_ecc_ber * double(r.bits_out);
    EXPECT_NEAR(predicted_errors, errors, 1.96 * cluster * std::sqrt(flagged)) << ber;
  }
}

// False swaps: with link.swap_ber at the lanes' own corrected-error rate and a lax confidence,
// the BER-based decisions in the first swap window are as many as the binomial tail predicts
// (docs/link.md gives the same formula per channel-hour at the default settings). Decisions are
// kept rare (~1 % of lanes) so that the erasures they cause do not thin the other lanes' counts.
TEST(Margin, FalseSwapRateMatchesFormula) {
  LinkSpec spec = preset("800g");
  const double ber = 1e-4;
  spec.link.swap_window_periods = 16;
  spec.link.training_periods = 8;
  spec.link.swap_confidence = 0.99;
  const LinkConfig probe = LinkConfig::from_spec(spec);
  const int lanes = probe.active_lanes();
  // A corrected error is a lane error with no other error among the group's lanes at that time.
  const double corrected_ber = ber * std::pow(1 - ber, lanes - 1);
  spec.link.swap_ber = corrected_ber;
  const LinkConfig cfg = LinkConfig::from_spec(spec);
  const std::uint64_t window_bits = std::uint64_t(cfg.swap_window_periods) * cfg.payload_bits();
  const std::uint64_t threshold = cfg.swap_threshold();
  const double per_lane = binomial_upper_tail(window_bits, corrected_ber, threshold);
  ASSERT_GT(per_lane, 0.002);
  ASSERT_LE(per_lane, 0.01);
  int decisions = 0, trials = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    spec.seed = seed;
    RelayOptions opt;
    // Long enough for a decision late in the window to reach its swap boundary.
    opt.host_bits = std::uint64_t(cfg.swap_window_periods + cfg.swap_lead_periods + 3) *
                    cfg.host_bits_per_period();
    opt.faults.background_ber = ber;
    const auto r = run_relay(spec, opt);
    const std::int64_t end = cfg.training_periods + cfg.swap_window_periods;
    for (const auto& s : r.swaps) decisions += s.decided_period < end && s.reason == Verdict::kBer;
    for (const auto& e : r.spares_exhausted) decisions += e.period < end;
    trials += lanes;
  }
  const double expect = per_lane * trials;
  const double sd = std::sqrt(trials * per_lane * (1 - per_lane));
  EXPECT_NEAR(decisions, expect, 2.58 * sd + 1) << "per-lane probability " << per_lane;
  std::printf("false swaps in one window: %d measured, %.1f predicted (%d lane-windows)\n",
              decisions, expect, trials);
}

TEST(Margin, DecisionTailsAreExact) {
  // Binomial(10, 0.5): P(X >= 8) = 56 / 1024.
  EXPECT_NEAR(binomial_upper_tail(10, 0.5, 8), 56.0 / 1024, 1e-12);
  EXPECT_NEAR(binomial_upper_tail(10, 0.5, 3), 1.0 - 56.0 / 1024, 1e-12);
  EXPECT_EQ(binomial_upper_tail(10, 0.0, 1), 0.0);
  // Tiny BERs: P(X >= 1) = 1 - (1 - p)^n ~ n p, no underflow to nonsense.
  EXPECT_NEAR(binomial_upper_tail(1'000'000, 1e-300, 1) / 1e-294, 1.0, 1e-9);
  EXPECT_NEAR(binomial_upper_tail(1'000'000, 1e-18, 1) / 1e-12, 1.0, 1e-6);
  EXPECT_EQ(exceed_threshold(1'000'000, 1e-300, 1e-6), 1u);
  const auto t = exceed_threshold(1'000'000, 1e-3, 1e-6);
  EXPECT_LE(binomial_upper_tail(1'000'000, 1e-3, t), 1e-6);
  EXPECT_GT(binomial_upper_tail(1'000'000, 1e-3, t - 1), 1e-6);
}

// BERs anywhere from 0 to 0.5, per channel or background, run without a crash and as the physics
// says: below what a run can show a channel simply never errs; at 0.5 nothing locks.
TEST(Margin, BersFromZeroToHalfAreExact) {
  const LinkSpec spec = preset("800g");
  for (double ber : {0.0, 1e-300, 1e-280, 1e-18}) {
    RelayOptions opt;
    opt.host_bits = 50'000'000;
    opt.faults.background_ber = ber;
    opt.faults.channel_ber.assign(spec.total_channels(), ber);
    opt.faults.channel_ber[3] = 1e-300;
    const auto r = run_relay(spec, opt);
    EXPECT_TRUE(r.bit_exact) << ber;
    EXPECT_EQ(r.ecc_corrected_bits, 0u) << ber;
    EXPECT_EQ(r.link_state, LinkState::kUp) << ber;
    EXPECT_TRUE(std::isfinite(r.analytic.codeword_error_ratio));
    EXPECT_GE(r.analytic.codeword_error_ratio, 0.0);
  }
  RelayOptions opt;
  opt.host_bits = 20'000'000;
  opt.faults.background_ber = 0.5;
  const auto r = run_relay(spec, opt);
  EXPECT_FALSE(r.bit_exact);
  EXPECT_EQ(r.link_state, LinkState::kDown);
  EXPECT_EQ(r.fec.silent, 0u);
  EXPECT_EQ(r.mapped_out.size(),
            std::size_t(spec.total_channels() - LinkConfig::from_spec(spec).active_lanes()));
}

}  // namespace
}  // namespace mosaic::link

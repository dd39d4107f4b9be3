#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/link/fault_schedule.hpp"
#include "mosaic/link/relay.hpp"
#include "mosaic/link/session.hpp"

namespace mosaic::link {
namespace {

void fill_random(std::span<std::uint64_t> words, std::int64_t period) {
  Rng rng(1, RngPurpose::kLinkPayload, 5, static_cast<std::uint64_t>(period));
  for (auto& w : words) w = rng.next_u64();
}

// The period that comes out of step() is the one that went in one step earlier, word for word.
TEST(Session, DeliversEachPeriodOneStepLater) {
  const LinkSpec spec = preset("800g");
  Session session(LinkConfig::from_spec(spec), {}, spec.seed);
  std::vector<std::vector<std::uint64_t>> sent;
  std::vector<std::int64_t> delivered;
  const HostEnd host_end = [&](const DeliveredPeriod& p) {
    EXPECT_TRUE(std::equal(p.words.begin(), p.words.end(), sent[p.index].begin()));
    EXPECT_TRUE(std::equal(p.sent.begin(), p.sent.end(), sent[p.index].begin()));
    EXPECT_TRUE(std::all_of(p.flagged.begin(), p.flagged.end(), [](auto f) { return f == 0; }));
    EXPECT_TRUE(p.report->data);
    delivered.push_back(p.index);
    return HostFecOutcome{};
  };
  for (int i = 0; i < 6; ++i) {
    // Filled in place, or handed over (copied in): the same.
    std::vector<std::uint64_t> words(session.host_in().size());
    fill_random(words, i);
    sent.push_back(words);
    if (i % 2) {
      session.step(words, host_end);
    } else {
      std::copy(words.begin(), words.end(), session.host_in().begin());
      session.step(host_end);
    }
  }
  EXPECT_EQ(delivered, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(session.stats().periods, 5);
  EXPECT_EQ(session.stats().host_fec, "kp4");
  EXPECT_EQ(session.stats().link_state, LinkState::kUp);
  EXPECT_EQ(session.stats().spares_left, 50);
}

// A death injected live is an erasure, then a swap to a spare with its reason and time; the
// counters and the link state follow.
TEST(Session, InjectedDeathIsSwappedWithItsReason) {
  const LinkSpec spec = preset("800g");
  Session session(LinkConfig::from_spec(spec), {}, spec.seed);
  const int victim = session.channels_in_service()[17];
  const int spares = session.stats().spares_left;
  for (int i = 0; i < 12; ++i) {
    if (i == 2) session.inject({0.0, FaultKind::kDeath, victim, 0.0});
    fill_random(session.host_in(), i);
    session.step(nullptr);
  }
  const SessionStats& s = session.stats();
  ASSERT_EQ(s.swaps.size(), 1u);
  EXPECT_EQ(s.swaps[0].from_channel, victim);
  EXPECT_EQ(s.swaps[0].reason, Verdict::kMarkersLost);
  EXPECT_DOUBLE_EQ(s.swaps[0].time_s, double(s.swaps[0].period) * session.config().period_s());
  EXPECT_EQ(s.spares_left, spares - 1);
  EXPECT_GT(s.ecc_corrected_bits, 0u);  // the dead lane, corrected as an erasure
  EXPECT_EQ(s.worst_state, LinkState::kDegraded);
  EXPECT_TRUE(s.state_reasons & kReasonErasures);
  EXPECT_EQ(s.link_state, LinkState::kUp);  // once the spare carries the lane
  EXPECT_GT(s.periods_degraded, 0);
  EXPECT_GT(s.locks.size(), std::size_t(session.config().physical_channels));  // + the loss
}

// A BER change scheduled in link time applies from the first period starting at or after it.
TEST(Session, ScheduledBerChangeWaitsForItsPeriod) {
  const LinkSpec spec = preset("800g");
  Session session(LinkConfig::from_spec(spec), {}, spec.seed);
  const double at = double(session.period() + 4) * session.config().period_s();
  session.schedule({at, FaultKind::kBer, -1, 1e-4});
  std::vector<std::uint64_t> corrected;
  for (int i = 0; i < 8; ++i) {
    fill_random(session.host_in(), i);
    session.step(nullptr);
    corrected.push_back(session.stats().ecc_corrected_bits);
  }
  // Periods 0..3 clean; period 4 errs, decoded at the step after.
  EXPECT_EQ(corrected[4], 0u);
  EXPECT_GT(corrected[5], 0u);
  EXPECT_DOUBLE_EQ(session.channels().plan().background_ber, 1e-4);
}

// Two plans at one background BER: the second has a skew step planned far beyond any run, which
// keeps its channel model off the in-place path (it is never transparent) without changing a bit.
std::pair<FaultPlan, FaultPlan> plain_and_copying(double ber) {
  FaultPlan plain;
  plain.background_ber = ber;
  FaultPlan copying = plain;
  copying.skew_steps.push_back({0, 1e9, 0.0});
  return {plain, copying};
}

// Without skew the transmitter writes the receiver's wire itself and the channels' errors are
// added there; a skew step injected live then needs the period before it, which only the
// receiver holds. The result must be the model's with its own copies all along: a session with a
// skew step planned far beyond the run never takes the in-place path, and both must agree word for
// word and event for event, across the step, at a background BER.
TEST(Session, SkewInjectedAfterInPlacePeriodsMatchesTheCopyingModel) {
  const LinkSpec spec = preset("800g");
  const LinkConfig config = LinkConfig::from_spec(spec);
  const auto [plain, copying] = plain_and_copying(2e-5);
  Session a(config, plain, spec.seed);
  Session b(config, copying, spec.seed);
  ASSERT_TRUE(a.channels().transparent());
  ASSERT_FALSE(b.channels().transparent());
  const int moved = a.channels_in_service()[5];
  std::vector<std::vector<std::uint64_t>> out_a, out_b;
  const auto keep = [](std::vector<std::vector<std::uint64_t>>& to) {
    return [&to](const DeliveredPeriod& p) {
      to.emplace_back(p.words.begin(), p.words.end());
      return HostFecOutcome{};
    };
  };
  for (int i = 0; i < 10; ++i) {
    if (i == 4) {
      a.inject({0.0, FaultKind::kSkew, moved, 37.0});
      b.inject({0.0, FaultKind::kSkew, moved, 37.0});
    }
    fill_random(a.host_in(), i);
    fill_random(b.host_in(), i);
    a.step(keep(out_a));
    b.step(keep(out_b));
  }
  ASSERT_EQ(out_a.size(), 9u);
  EXPECT_EQ(out_a, out_b);
  const SessionStats &sa = a.stats(), &sb = b.stats();
  EXPECT_GT(sa.ecc_corrected_bits, 0u);
  EXPECT_EQ(sa.ecc_corrected_bits, sb.ecc_corrected_bits);
  EXPECT_EQ(sa.corrected_per_channel, sb.corrected_per_channel);
  ASSERT_EQ(sa.locks.size(), sb.locks.size());
  EXPECT_EQ(sa.locks.back().channel, moved);
  EXPECT_EQ(sa.locks.back().offset_ui, 37);
  EXPECT_EQ(sb.locks.back().offset_ui, 37);
  EXPECT_EQ(sa.swaps.size(), sb.swaps.size());
}

// The same at the channels' own output, where the period before the step is visible: the first
// 37 bits of the moved channel after the step are the end of the period before, which the
// in-place model must take back from the receiver's wire (a stale copy fails this test).
TEST(ChannelModel, InPlacePeriodsThenASkewStepGiveTheCopyingModelsBits) {
  const LinkSpec spec = preset("800g");
  const LinkConfig config = LinkConfig::from_spec(spec);
  const auto [plain, copying] = plain_and_copying(1e-3);
  ChannelModel a(config, plain, 7), b(config, copying, 7);
  const std::size_t words = std::size_t(config.words_per_period) * config.physical_channels;
  std::vector<std::uint64_t> tx(words), wa(words), wb(words), previous(words);
  const double bits_per_s = config.line_rate_gbps * 1e9;
  for (int i = 0; i < 6; ++i) {
    fill_random(tx, 100 + i);
    if (i == 3) {
      // From the first bit of period 3 (the model rounds a time up to a whole bit).
      const double at = (double(i) * config.words_per_period * 64 - 0.5) / bits_per_s;
      a.mutable_plan().skew_steps.push_back({9, at, 37.0});
      b.mutable_plan().skew_steps.push_back({9, at, 37.0});
    }
    ASSERT_EQ(a.transparent(), i < 3);
    if (a.transparent()) {
      wa = tx;
      a.impair_in_place(wa);
    } else {
      ASSERT_EQ(a.needs_previous(), i == 3);
      if (a.needs_previous()) a.restore_previous(previous);
      const auto in = a.next_input();
      std::copy(tx.begin(), tx.end(), in.begin());
      a.process_written(wa);
    }
    b.process(tx, wb);
    ASSERT_EQ(wa, wb) << "period " << i;
    previous = wa;
  }
  EXPECT_EQ(a.injected_errors(), b.injected_errors());
}

// The relay is a batch driver of the same Session: its link-level figures are the Session's.
TEST(Session, RelayReportsTheSessionsStats) {
  LinkSpec spec = preset("800g");
  RelayOptions opt;
  opt.host_bits = 20'000'000;
  opt.faults.background_ber = 1e-5;
  opt.random_deaths = 2;
  const RelayResult r = run_relay(spec, opt);

  Session session(LinkConfig::from_spec(spec), opt.faults, spec.seed);
  const LinkConfig& cfg = session.config();
  const std::int64_t periods =
      std::int64_t((opt.host_bits + cfg.host_bits_per_period() - 1) / cfg.host_bits_per_period());
  const double from = session.training_periods() * cfg.period_s();
  const double to =
      double(session.training_periods() + periods - cfg.swap_lead_periods - 2) * cfg.period_s();
  for (const auto& d : draw_random_deaths(spec.seed, session.channels_in_service(), 2, from, to))
    session.schedule(d);
  for (std::int64_t i = 0; i <= periods; ++i) {
    Rng rng(spec.seed, RngPurpose::kLinkPayload, 0, static_cast<std::uint64_t>(i));
    for (auto& w : session.host_in()) w = i == periods ? 0 : rng.next_u64();
    session.step(nullptr);
  }
  const SessionStats& s = session.stats();
  EXPECT_EQ(r.periods, s.periods);
  EXPECT_EQ(r.ecc_corrected_bits, s.ecc_corrected_bits);
  EXPECT_EQ(r.flagged_rows, s.flagged_rows);
  ASSERT_EQ(r.swaps.size(), 2u);
  ASSERT_EQ(s.swaps.size(), 2u);
  for (int k = 0; k < 2; ++k) EXPECT_EQ(r.swaps[k].from_channel, s.swaps[k].from_channel);
  EXPECT_EQ(r.locks.size(), s.locks.size());
  EXPECT_EQ(r.spares_left, s.spares_left);
  EXPECT_EQ(r.corrected_per_channel, s.corrected_per_channel);
}

TEST(FaultSchedule, RandomDeathsAreDistinctInTheirWindowAndKeyedBySeed) {
  std::vector<int> pool(100);
  for (int i = 0; i < 100; ++i) pool[i] = 3 * i;
  const FaultSchedule ten = draw_random_deaths(7, pool, 10, 1.0, 2.0);
  const FaultSchedule twenty = draw_random_deaths(7, pool, 20, 1.0, 2.0);
  ASSERT_EQ(ten.size(), 10u);
  std::set<int> channels;
  for (std::size_t i = 0; i < twenty.size(); ++i) {
    const FaultEvent& d = twenty[i];
    EXPECT_EQ(d.kind, FaultKind::kDeath);
    EXPECT_EQ(d.channel % 3, 0);
    EXPECT_GE(d.time_s, 1.0);
    EXPECT_LT(d.time_s, 2.0);
    channels.insert(d.channel);
    if (i < ten.size()) {
      EXPECT_EQ(d.channel, ten[i].channel);  // a longer draw starts with the shorter one
      EXPECT_EQ(d.time_s, ten[i].time_s);
    }
  }
  EXPECT_EQ(channels.size(), 20u);
  // The pool's order does not matter, the seed does.
  std::vector<int> reversed(pool.rbegin(), pool.rend());
  EXPECT_EQ(draw_random_deaths(7, reversed, 10, 1.0, 2.0)[3].channel, ten[3].channel);
  EXPECT_NE(draw_random_deaths(8, pool, 10, 1.0, 2.0)[0].time_s, ten[0].time_s);
  EXPECT_THROW(draw_random_deaths(7, pool, 101, 1.0, 2.0), ConfigError);
}

}  // namespace
}  // namespace mosaic::link

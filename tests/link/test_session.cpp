#include <gtest/gtest.h>

#include <algorithm>
#include <set>
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

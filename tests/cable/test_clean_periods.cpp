// The cable skips the bits of clean periods (link::Session::set_skip_clean_periods). These tests
// run the same traffic and faults with the shortcut on and off and require the same everything:
// words out, frames out, host FEC outcome, counters, events and timeline.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "mosaic/cable/direction.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/link/session.hpp"
#include "mosaic/record/session_json.hpp"

namespace mosaic::cable {
namespace {

// A fault to inject before a given period.
struct Timed {
  int period;
  link::FaultEvent event;
};

struct Scenario {
  std::string name;
  std::string preset = "800g";
  link::FaultPlan plan;
  std::vector<Timed> faults;
  int periods = 48;
  int rows = 0;  // when set, the array's shape (410 channels: data and ECC, no spare)
  int cols = 0;
};

LinkSpec spec_of(const Scenario& sc) {
  LinkSpec spec = preset(sc.preset);
  if (sc.rows > 0) {
    spec.array.rows = sc.rows;
    spec.array.cols = sc.cols;
    spec.array.spare_channels = 0;
  }
  return spec;
}

std::uint64_t fnv(std::span<const std::uint64_t> words) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::uint64_t w : words) h = (h ^ w) * 1099511628211ull;
  return h;
}

std::vector<Scenario> scenarios() {
  std::vector<Scenario> out;
  out.push_back({"error_free", "800g", {}, {}, 24});
  {
    // About 0.75 errors per 800G period: clean and corrected periods interleave.
    Scenario s{"sparse_errors", "800g", {}, {}, 64};
    s.plan.background_ber = 1e-7;
    out.push_back(s);
  }
  {
    // Errors in some periods, then a death (swap to a spare, erasures), then quiet again.
    Scenario s{"death_and_swap", "800g", {}, {}, 64};
    s.plan.background_ber = 2e-8;
    s.faults.push_back({12, {0.0, link::FaultKind::kDeath, 17, 0.0}});
    out.push_back(s);
  }
  {
    // Quiet, then errors switched on and off again live; a skew step makes the channels
    // non-transparent for good.
    Scenario s{"live_ber_and_skew", "800g", {}, {}, 56};
    s.faults.push_back({8, {0.0, link::FaultKind::kBer, -1, 3e-6}});
    s.faults.push_back({14, {0.0, link::FaultKind::kBer, -1, 0.0}});
    s.faults.push_back({30, {0.0, link::FaultKind::kSkew, 40, 9.0}});
    out.push_back(s);
  }
  {
    // One noisy channel among clean ones: most periods have its errors, a few do not.
    Scenario s{"one_noisy_channel", "800g", {}, {}, 48};
    s.plan.channel_ber.assign(460, 0.0);
    s.plan.channel_ber[101] = 2e-5;
    out.push_back(s);
  }
  {
    // A burst in the middle of a quiet run (link time counts the training periods too).
    Scenario s{"burst", "800g", {}, {}, 40};
    link::LinkConfig cfg = link::LinkConfig::from_spec(preset("800g"));
    const double at = cfg.training_periods + 16.3;
    s.plan.bursts.push_back({5, at * cfg.period_s(), 2.5 * cfg.period_s(), 0.2});
    out.push_back(s);
  }
  {
    // Several deaths beyond what the swaps keep up with: flagged periods, then recovery.
    Scenario s{"many_deaths", "800g", {}, {}, 64};
    for (int k = 0; k < 6; ++k)
      s.faults.push_back({10, {0.0, link::FaultKind::kDeath, 3 + 40 * k, 0.0}});
    out.push_back(s);
  }
  {
    // No spare: a lane turned noisy is left in service as an erasure, and stays one after its
    // errors stop, in periods that are clean again.
    Scenario s{"no_spare_left", "800g", {}, {}, 120, 41, 10};
    s.faults.push_back({4, {0.0, link::FaultKind::kBer, 7, 0.05}});
    s.faults.push_back({90, {0.0, link::FaultKind::kBer, 7, 0.0}});
    out.push_back(s);
  }
  {
    // Two bursts of errors on one lane in two swap windows, quiet periods between them: each
    // burst alone stays under the swap threshold, the two together would not. The window's end
    // falls in skipped periods and must still clear the count.
    const link::LinkConfig cfg = link::LinkConfig::from_spec(preset("800g"));
    const double ber = 0.8 * double(cfg.swap_threshold()) / (6.0 * double(cfg.payload_bits()));
    Scenario s{"swap_window_edges", "800g", {}, {}, 100};
    s.faults.push_back({4, {0.0, link::FaultKind::kBer, 7, ber}});
    s.faults.push_back({10, {0.0, link::FaultKind::kBer, 7, 0.0}});
    s.faults.push_back({80, {0.0, link::FaultKind::kBer, 7, ber}});
    s.faults.push_back({86, {0.0, link::FaultKind::kBer, 7, 0.0}});
    out.push_back(s);
  }
  {
    // Another design: the prototype has no cross-channel ECC.
    Scenario s{"prototype_sparse", "prototype", {}, {}, 64};
    s.plan.background_ber = 1e-7;
    out.push_back(s);
  }
  return out;
}

// Everything a Session run shows, period by period and at the end.
struct SessionTrace {
  std::vector<std::uint64_t> periods;  // per delivered period: index, hash of words out, sent
  std::string stats;
  std::int64_t skipped = 0;
};

SessionTrace run_session(const Scenario& sc, std::uint64_t seed, bool skip) {
  const LinkSpec spec = spec_of(sc);
  link::Session session(link::LinkConfig::from_spec(spec), sc.plan, seed);
  session.set_skip_clean_periods(skip);
  SessionTrace t;
  const link::HostEnd host_end = [&](const link::DeliveredPeriod& p) {
    t.periods.push_back(std::uint64_t(p.index));
    t.periods.push_back(fnv(p.words));
    t.periods.push_back(fnv(p.sent));
    t.periods.push_back(p.any_flagged);
    // The receiver's report of the period, as the host end sees it.
    const link::RxPeriodReport& r = *p.report;
    t.periods.push_back(std::uint64_t(r.period));
    t.periods.push_back(std::uint64_t(r.erased_lanes));
    t.periods.push_back(std::uint64_t(r.lanes_without_spare));
    t.periods.push_back(r.all_rows_flagged);
    t.periods.push_back(r.ecc.corrected_bits);
    t.periods.push_back(r.ecc.uncorrectable_bit_times);
    t.periods.push_back(r.ecc.uncorrectable_rows.size());
    for (std::size_t w = 0; w < p.flagged.size(); ++w)
      if (p.flagged[w] && !p.any_flagged) ADD_FAILURE() << "a flag set, any_flagged false";
    return link::HostFecOutcome{};
  };
  for (int n = 0; n < sc.periods; ++n) {
    for (const Timed& f : sc.faults)
      if (f.period == n) session.inject(f.event);
    // Some periods carry words, some are all zero (as an idle cable's are).
    const auto host = session.host_in();
    Rng rng(seed, RngPurpose::kLinkPayload, 3, std::uint64_t(n));
    const bool busy = rng.next_u32() % 3 != 0;
    for (auto& w : host) w = busy ? rng.next_u64() : 0;
    session.step(host_end);
  }
  t.stats = record::session_to_json(session.stats(), record::SessionJson::kEvents).dump();
  t.skipped = session.periods_skipped();
  return t;
}

TEST(CleanPeriods, SessionGivesTheSameWordsCountersAndEvents) {
  for (const Scenario& sc : scenarios())
    for (std::uint64_t seed : {1ull, 7ull, 42ull}) {
      SCOPED_TRACE(sc.name + " seed " + std::to_string(seed));
      const SessionTrace full = run_session(sc, seed, false);
      const SessionTrace fast = run_session(sc, seed, true);
      EXPECT_EQ(full.skipped, 0);
      EXPECT_EQ(fast.periods, full.periods);
      EXPECT_EQ(fast.stats, full.stats);
      if (sc.name == "error_free") {
        // All but the first data period and the one before its decode.
        EXPECT_GE(fast.skipped, sc.periods - 3);
      }
      if (sc.name == "swap_window_edges") {
        const auto stats = nlohmann::json::parse(fast.stats);
        EXPECT_TRUE(stats["swaps"].empty()) << "each burst alone is under the threshold";
        EXPECT_GT(fast.skipped, 60);
      }
      if (sc.name == "sparse_errors" || sc.name == "death_and_swap" || sc.name == "no_spare_left") {
        EXPECT_GT(fast.skipped, 0);  // both paths and their hand-over ran
        EXPECT_LT(fast.skipped, sc.periods);
      }
    }
}

// Frames through one cable direction: frames pushed in some periods and not others.
struct CableTrace {
  std::vector<std::vector<std::uint8_t>> frames;
  std::vector<std::int64_t> ingress;
  std::string stats;
  DecoderCounters decoder;
};

CableTrace run_cable(const Scenario& sc, std::uint64_t seed, bool skip) {
  const LinkSpec spec = spec_of(sc);
  CableDirection dir(spec, sc.plan, seed);
  dir.set_skip_clean_periods(skip);
  CableTrace t;
  const FrameSink sink = [&](std::span<const std::uint8_t> f, std::int64_t ingress) {
    t.frames.emplace_back(f.begin(), f.end());
    t.ingress.push_back(ingress);
  };
  Rng rng(seed, RngPurpose::kLinkPayload, 5);
  std::int64_t sent = 0;
  for (int n = 0; n < sc.periods || dir.busy(); ++n) {
    if (n > sc.periods + 200) {
      ADD_FAILURE() << "frames still in flight";
      break;
    }
    for (const Timed& f : sc.faults)
      if (f.period == n) dir.inject(f.event);
    const int burst = n < sc.periods ? int(rng.next_u32() % 4) : 0;
    // 0: no frame; 1: one small frame (a ping); 2: a few; 3: enough to fill several periods.
    const int count = burst == 0 ? 0 : burst == 1 ? 1 : burst == 2 ? 5 : 700;
    for (int k = 0; k < count && dir.has_room(); ++k) {
      std::vector<std::uint8_t> f(14 + rng.next_u32() % 1501);
      for (auto& b : f) b = std::uint8_t(rng.next_u32());
      dir.push(f, sent++);
    }
    dir.step(sink);
  }
  const DirectionStats s = dir.stats();
  t.stats = record::session_to_json(s.link, record::SessionJson::kEvents).dump();
  t.decoder = s.decoder;
  return t;
}

TEST(CleanPeriods, CableDirectionDeliversTheSameFramesAndCounts) {
  for (const Scenario& sc : scenarios())
    for (std::uint64_t seed : {3ull, 11ull}) {
      SCOPED_TRACE(sc.name + " seed " + std::to_string(seed));
      const CableTrace full = run_cable(sc, seed, false);
      const CableTrace fast = run_cable(sc, seed, true);
      ASSERT_FALSE(full.frames.empty());
      EXPECT_EQ(fast.frames, full.frames);
      EXPECT_EQ(fast.ingress, full.ingress);
      EXPECT_EQ(fast.stats, full.stats);
      EXPECT_EQ(fast.decoder.frames_delivered, full.decoder.frames_delivered);
      EXPECT_EQ(fast.decoder.bytes_delivered, full.decoder.bytes_delivered);
      EXPECT_EQ(fast.decoder.frames_dropped, full.decoder.frames_dropped);
      EXPECT_EQ(fast.decoder.crc_failures, full.decoder.crc_failures);
      EXPECT_EQ(fast.decoder.framing_errors, full.decoder.framing_errors);
      EXPECT_EQ(fast.decoder.delivered_corrupt, full.decoder.delivered_corrupt);
    }
}

// A clean check that said "clean" for a period with an error would skip that error: the check
// must agree with the errors the model injects, period by period, at BERs where a period has
// about one error.
TEST(CleanPeriods, CleanCheckAgreesWithTheErrorsInjected) {
  const LinkSpec spec = preset("800g");
  const link::LinkConfig cfg = link::LinkConfig::from_spec(spec);
  for (double ber : {2e-8, 1.3e-7, 4e-7}) {
    link::FaultPlan plan;
    plan.background_ber = ber;
    link::ChannelModel model(cfg, plan, 99);
    std::vector<std::uint64_t> wire(std::size_t(cfg.words_per_period) * cfg.physical_channels);
    int clean = 0, dirty = 0;
    std::uint64_t before = 0;
    for (int n = 0; n < 200; ++n) {
      const bool says_clean = model.clean_period();
      model.impair_in_place(wire);
      std::uint64_t total = 0;
      for (std::uint64_t e : model.injected_errors()) total += e;
      EXPECT_EQ(says_clean, total == before) << "ber " << ber << " period " << n;
      (says_clean ? clean : dirty) += 1;
      before = total;
    }
    EXPECT_GT(clean, 0) << ber;
    EXPECT_GT(dirty, 0) << ber;
  }
}

}  // namespace
}  // namespace mosaic::cable

// Whole-array behaviour: monotonic trends, determinism, per-channel variation, clock modes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/array_layout.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::phy {
namespace {

double median_log10_ber(const LinkSpec& spec) {
  EvalOptions o;
  o.bathtubs = false;
  const PhyResult r = evaluate(spec, o);
  std::vector<double> l;
  for (const auto& c : r.channels)
    if (!c.dead) l.push_back(c.log10_ber);
  std::sort(l.begin(), l.end());
  return l[l.size() / 2];
}

LinkSpec prototype_at(double rate_gbps, double length_m) {
  LinkSpec s = preset("prototype");
  s.channel.rate_gbps = rate_gbps;
  s.fiber.length_m = length_m;
  return s;
}

TEST(LinkBehaviour, BerRisesWithLength) {
  double previous = -1e9;
  for (double length : {10.0, 20.0, 25.0, 30.0, 35.0}) {
    const double l = median_log10_ber(prototype_at(2.0, length));
    EXPECT_GT(l, previous) << length;
    previous = l;
  }
}

TEST(LinkBehaviour, BerRisesWithRate) {
  double previous = -1e9;
  for (double rate : {1.0, 1.5, 2.0, 2.5}) {
    const double l = median_log10_ber(prototype_at(rate, 25.0));
    EXPECT_GT(l, previous) << rate;
    previous = l;
  }
}

TEST(LinkBehaviour, BerFallsWithLaunchPower) {
  double previous = 1e9;
  for (double p : {-3.0, -1.0, 1.0, 3.0}) {
    LinkSpec s = prototype_at(2.0, 25.0);
    s.led.launch_power_dbm = p;
    const double l = median_log10_ber(s);
    EXPECT_LT(l, previous) << p;
    previous = l;
  }
}

TEST(LinkBehaviour, HotterCaseIsWorse) {
  LinkSpec cold = prototype_at(2.0, 25.0);
  LinkSpec hot = cold;
  hot.environment.case_temperature_c = 85.0;
  EXPECT_GT(median_log10_ber(hot), median_log10_ber(cold));
}

TEST(LinkBehaviour, ResultsDoNotDependOnThreadCount) {
  const LinkSpec s = prototype_at(2.0, 25.0);
  EvalOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const PhyResult a = evaluate(s, one);
  const PhyResult b = evaluate(s, two);
  ASSERT_EQ(a.channels.size(), b.channels.size());
  for (std::size_t i = 0; i < a.channels.size(); ++i) {
    EXPECT_EQ(a.channels[i].log10_ber, b.channels[i].log10_ber);
    EXPECT_EQ(a.channels[i].eye_height_a, b.channels[i].eye_height_a);
    EXPECT_EQ(a.channels[i].bathtub_phase.size(), b.channels[i].bathtub_phase.size());
  }
}

TEST(LinkBehaviour, SeedChangesTheArrayButNotItsStatistics) {
  LinkSpec a = preset("800g");
  LinkSpec b = a;
  b.seed = 99;
  const FiberResponse fiber = fiber_response(a);
  const ArrayLayout ra = build_array(a, fiber);
  const ArrayLayout rb = build_array(b, fiber);
  EXPECT_EQ(build_array(a, fiber).channels[7].skew_s, ra.channels[7].skew_s);
  int differ = 0;
  double sum_a = 0, sum_b = 0;
  for (std::size_t i = 0; i < ra.channels.size(); ++i) {
    differ += ra.channels[i].received_power_dbm != rb.channels[i].received_power_dbm;
    sum_a += ra.channels[i].launch_power_dbm;
    sum_b += rb.channels[i].launch_power_dbm;
  }
  EXPECT_GT(differ, 400);
  // Mean launch power: 0 dBm with a 0.5 dB spread; 460 samples put the mean within 0.1 dB.
  EXPECT_NEAR(sum_a / ra.channels.size(), 0.0, 0.1);
  EXPECT_NEAR(sum_b / rb.channels.size(), 0.0, 0.1);
}

TEST(LinkBehaviour, DeadPixelsAreDeadAndLeakNothing) {
  LinkSpec s = preset("prototype");
  s.array.dead_probability = 0.2;
  EvalOptions o;
  o.bathtubs = false;
  const PhyResult r = evaluate(s, o);
  int dead = 0;
  for (const auto& c : r.channels) dead += c.dead;
  EXPECT_GT(dead, 5);  // 20 expected of 100
  EXPECT_LT(dead, 40);
  for (const auto& c : r.channels) {
    if (c.dead) {
      EXPECT_EQ(c.ber, 0.5);
    }
  }
}

TEST(LinkBehaviour, ForwardedClockCostsAgainstPerChannelCdr) {
  LinkSpec s = prototype_at(2.0, 25.0);
  s.fiber.skew_rms_ps = 60.0;
  const double cdr = median_log10_ber(s);
  s.rx.clock = ClockMode::kForwardedClock;
  const double forwarded = median_log10_ber(s);
  // 60 ps rms of skew (a seventh of a UI) cannot be free once the row shares one phase.
  EXPECT_GT(forwarded, cdr);
}

TEST(LinkBehaviour, CtleHelpsAtLength) {
  LinkSpec s = preset("800g");
  s.fiber.length_m = 50.0;
  s.channel.rate_gbps = 2.0;
  s.array.rows = 5;
  s.array.cols = 5;
  s.array.data_channels = 20;
  s.array.ecc_channels = 0;
  s.array.spare_channels = 5;
  const double with = median_log10_ber(s);
  s.rx.ctle = false;
  const double without = median_log10_ber(s);
  EXPECT_LT(with, without - 1.0);
}

// A link tuned to the top of the CTLE's range says so; one inside it does not.
TEST(LinkBehaviour, CtleAtTheTopOfItsRangeIsSaidSo) {
  const auto said = [](const PhyResult& r) {
    return std::any_of(r.assumptions.begin(), r.assumptions.end(), [](const std::string& a) {
      return a.rfind("CTLE at the top of its tuning range", 0) == 0;
    });
  };
  EvalOptions o;
  o.bathtubs = false;
  LinkSpec s = preset("800g");
  const PhyResult inside = evaluate(s, o);
  EXPECT_LT(inside.ctle_peaking_db, kMaxCtlePeakingDb);
  EXPECT_FALSE(said(inside));
  EXPECT_FALSE(inside.ctle_at_limit);
  s.fiber.length_m = 70.0;
  const PhyResult top = evaluate(s, o);
  EXPECT_EQ(top.ctle_peaking_db, kMaxCtlePeakingDb);
  EXPECT_TRUE(top.ctle_at_limit);
  EXPECT_TRUE(said(top));
}

// An evaluation read only for its BERs (EyeOpenings::kNone) chooses the phase and threshold and
// finds the BER the full one does, bit for bit, with each clock and with the jitter on and off,
// and says the openings it did not search are unknown (NaN) rather than 0.
TEST(LinkBehaviour, TheBerAloneIsTheFullEvaluationsBer) {
  for (const ClockMode clock : {ClockMode::kCdr, ClockMode::kForwardedClock})
    for (const double jitter_ps : {0.0, 15.0, 40.0}) {
      LinkSpec s = prototype_at(2.0, 30.0);
      s.fiber.skew_rms_ps = 40.0;
      s.rx.clock = clock;
      s.rx.jitter_rms_ps = jitter_ps;
      EvalOptions full;
      full.bathtubs = false;
      EvalOptions ber_only = full;
      ber_only.eye_heights = false;
      ber_only.eye_widths = false;
      const PhyResult a = evaluate(s, full);
      const PhyResult b = evaluate(s, ber_only);
      ASSERT_EQ(a.channels.size(), b.channels.size());
      int live = 0;
      for (std::size_t i = 0; i < a.channels.size(); ++i) {
        const ChannelResult& x = a.channels[i];
        const ChannelResult& y = b.channels[i];
        EXPECT_EQ(x.log10_ber, y.log10_ber) << i;
        EXPECT_EQ(x.threshold_a, y.threshold_a) << i;
        EXPECT_EQ(x.sampling_phase_ui, y.sampling_phase_ui) << i;
        if (x.dead) continue;
        ++live;
        EXPECT_TRUE(std::isfinite(x.eye_width_ui)) << i;
        EXPECT_TRUE(std::isnan(y.eye_width_ui) && std::isnan(y.eye_width_1e12_ui)) << i;
        EXPECT_TRUE(std::isnan(y.eye_height_a) && std::isnan(y.noise_rms_a)) << i;
      }
      EXPECT_GT(live, 0);
    }
}

}  // namespace
}  // namespace mosaic::phy

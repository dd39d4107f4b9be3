#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/record/report_json.hpp"

namespace mosaic {
namespace {

EvalOptions budget_options() {
  EvalOptions o;
  o.bathtubs = false;
  o.end_of_life = false;
  o.link_budget = true;
  return o;
}

void expect_terms_add_up(const ChannelBudget& b) {
  SCOPED_TRACE("channel " + std::to_string(b.channel));
  const double received = b.launch_nominal_dbm + b.temperature_db + b.led_spread_db -
                          b.coupling_tx_db - b.connector_db - b.fiber_db - b.coupling_rx_db -
                          b.coupling_spread_db;
  EXPECT_NEAR(received, b.received_dbm, 0.01);
  ASSERT_TRUE(b.sensitivity_dbm && b.ideal_infinite_er_dbm && b.extinction_ratio_db && b.isi_db &&
              b.crosstalk_db && b.margin_db);
  EXPECT_NEAR(*b.ideal_infinite_er_dbm + *b.extinction_ratio_db + *b.isi_db + *b.crosstalk_db,
              *b.sensitivity_dbm, 0.01);
  EXPECT_NEAR(b.received_dbm - *b.sensitivity_dbm, *b.margin_db, 0.01);
  // Every penalty is a loss of sensitivity: peeling an impairment off never makes it worse.
  EXPECT_GT(*b.extinction_ratio_db, 0.0);
  EXPECT_GE(*b.isi_db, 0.0);
  EXPECT_GE(*b.crosstalk_db, -0.01);
  ASSERT_TRUE(b.margin_1e12_db);
  EXPECT_LT(*b.margin_1e12_db, *b.margin_db);  // a deeper BER needs more light
}

// The sensitivity by brute force: lower every channel's light in 0.05 dB steps (the way a bench
// attenuator would) and interpolate where this channel's BER crosses the KP4 limit.
double swept_sensitivity_dbm(const LinkSpec& spec, const Evaluation& e, int channel) {
  const double target = std::log10(link::kKp4PreFecBer);
  const int pixels = spec.array.rows * spec.array.cols;
  auto log_ber_at = [&](double loss_db) {
    const std::vector<double> extra(pixels, loss_db);
    phy::LinkEvaluator ev(spec, extra, e.phy.ctle_peaking_db);
    return ev.evaluate_channel(channel, false, std::nullopt, phy::EyeOpenings::kNone).log10_ber;
  };
  const double guess = *e.link_budget->median.margin_db;
  double prev_loss = guess - 3.0;
  double prev = log_ber_at(prev_loss);
  EXPECT_LT(prev, target);
  for (double loss = prev_loss + 0.05; loss < guess + 6.0; loss += 0.05) {
    const double now = log_ber_at(loss);
    if (now >= target) {
      const double at = prev_loss + (target - prev) / (now - prev) * (loss - prev_loss);
      return e.phy.channels[channel].received_power_dbm - at;
    }
    prev = now;
    prev_loss = loss;
  }
  ADD_FAILURE() << "the sweep never reached the KP4 limit on channel " << channel;
  return 0.0;
}

TEST(LinkBudget, TermsAddUpAndTheWorstIsTheLinksMargin) {
  for (const std::uint64_t seed : {1u, 7u, 2024u}) {
    LinkSpec spec = preset("800g");
    spec.seed = seed;
    const Evaluation e = evaluate(spec, budget_options());
    ASSERT_TRUE(e.link_budget);
    const LinkBudget& b = *e.link_budget;
    expect_terms_add_up(b.median);
    for (const auto& w : b.weakest) expect_terms_add_up(w);
    EXPECT_EQ(b.worst.channel, b.weakest.front().channel);
    // The link's optical margin is the first channel a uniform loss takes to the limit.
    EXPECT_NEAR(*b.worst.margin_db, e.link().optical_margin_db, 0.05) << seed;
    EXPECT_LE(*b.worst.margin_db, *b.median.margin_db);
    // Extinction ratio penalty of a noise-limited receiver: 10 log10((r + 1) / (r - 1)).
    const double r = std::pow(10.0, spec.led.extinction_ratio_db / 10.0);
    EXPECT_NEAR(*b.median.extinction_ratio_db, 10.0 * std::log10((r + 1.0) / (r - 1.0)), 0.05);
    EXPECT_FALSE(b.median.limiting.empty());
    for (const auto& w : b.weakest) EXPECT_FALSE(w.why.empty());
  }
}

TEST(SlowLinkBudget, SensitivityAgreesWithASweepOfReceivedPower) {
  for (const double case_c : {25.0, 85.0}) {
    LinkSpec spec = preset("800g");
    spec.environment.case_temperature_c = case_c;
    const Evaluation e = evaluate(spec, budget_options());
    ASSERT_TRUE(e.link_budget);
    for (const ChannelBudget* b : {&e.link_budget->median, &e.link_budget->worst}) {
      ASSERT_TRUE(b->sensitivity_dbm);
      EXPECT_NEAR(swept_sensitivity_dbm(spec, e, b->channel), *b->sensitivity_dbm, 0.1)
          << "channel " << b->channel << " at " << case_c << " degC";
    }
  }
}

TEST(LinkBudget, AFloorIsUnreachableNotANumber) {
  LinkSpec spec = preset("800g");
  spec.fiber.xt_adjacent_db = -6.0;
  spec.fiber.xt_diagonal_db = -8.0;
  const Evaluation e = evaluate(spec, budget_options());
  ASSERT_TRUE(e.link_budget);
  const ChannelBudget& m = e.link_budget->median;
  EXPECT_FALSE(m.sensitivity_dbm);
  EXPECT_FALSE(m.margin_db);
  EXPECT_TRUE(m.isi_db);  // without its neighbours the channel still closes
  EXPECT_EQ(m.limiting, "crosstalk");
}

// Every active channel's budget when asked: one row per active channel, the same rows as the
// weakest and the median where they meet, and each channel's limiting impairment and margin in
// the channel table and channels.csv.
TEST(LinkBudget, EveryActiveChannelWhenAsked) {
  const LinkSpec s = preset("prototype");
  EvalOptions o = budget_options();
  const Evaluation few = evaluate(s, o);
  o.link_budget_every = true;
  const Evaluation all = evaluate(s, o);
  ASSERT_TRUE(few.link_budget && all.link_budget);
  EXPECT_TRUE(few.link_budget->every.empty());
  const auto active = all.lanes.active_channels();
  ASSERT_EQ(all.link_budget->every.size(), active.size());
  for (std::size_t i = 0; i < active.size(); ++i) {
    const ChannelBudget& b = all.link_budget->every[i];
    EXPECT_EQ(b.channel, active[i]);
    expect_terms_add_up(b);
    EXPECT_TRUE(b.limiting == "received power" || b.limiting == "ISI" ||
                b.limiting == "crosstalk" || b.limiting == "noise" || b.limiting == "skew")
        << b.limiting;
  }
  // The weakest rows and the median are the same figures either way.
  ASSERT_EQ(few.link_budget->weakest.size(), all.link_budget->weakest.size());
  for (std::size_t i = 0; i < few.link_budget->weakest.size(); ++i) {
    const ChannelBudget& a = few.link_budget->weakest[i];
    const ChannelBudget& b = all.link_budget->weakest[i];
    EXPECT_EQ(a.channel, b.channel);
    EXPECT_EQ(a.margin_db, b.margin_db);
    EXPECT_EQ(a.limiting, b.limiting);
    const ChannelBudget& same =
        *std::find_if(all.link_budget->every.begin(), all.link_budget->every.end(),
                      [&](const ChannelBudget& e) { return e.channel == a.channel; });
    EXPECT_EQ(same.margin_db, a.margin_db);
    EXPECT_EQ(same.why, b.why);
  }
  EXPECT_EQ(all.link_budget->median.why, few.link_budget->median.why);
  // The least margin of all is the link's optical margin.
  double least = 1e9;
  for (const auto& b : all.link_budget->every) least = std::min(least, b.margin_db.value_or(-1e9));
  EXPECT_NEAR(least, all.link().optical_margin_db, 0.01);
  // The table: two more columns, filled on the active channels only.
  std::ostringstream csv;
  record::write_channels_csv(all, csv);
  std::istringstream lines(csv.str());
  std::string header;
  std::getline(lines, header);
  EXPECT_NE(header.find(",limiting,budget_margin_db"), std::string::npos) << header;
  int filled = 0;
  for (std::string line; std::getline(lines, line);) filled += line.substr(line.size() - 2) != ",,";
  EXPECT_EQ(filled, static_cast<int>(active.size()));
}

}  // namespace
}  // namespace mosaic

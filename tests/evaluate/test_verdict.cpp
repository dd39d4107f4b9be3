// The one verdict over the service life, and what reads it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "common/cli_run.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/relay_study.hpp"
#include "mosaic/evaluate/verdict.hpp"
#include "mosaic/pages/text_summary.hpp"
#include "mosaic/reliability/degradation.hpp"

namespace mosaic {
namespace {

using test::run_cli;

EvalOptions verdict_quick() {
  EvalOptions o;
  o.margin = false;
  o.bathtubs = false;
  return o;
}

LinkSpec hot_30m() {
  LinkSpec s = preset("800g");
  s.fiber.length_m = 30.0;
  s.environment.case_temperature_c = 85.0;
  return s;
}

const VerdictCheck& check_of(const Verdict& v, VerdictCondition c) {
  for (const auto& k : v.checks)
    if (k.condition == c) return k;
  throw std::logic_error("no such check");
}

// With and without the stepwise ageing the verdict is the same, names what binds and when.
TEST(Verdict, SimulateAndItsAgeingStateTheSameVerdict) {
  const Evaluation plain = evaluate(hot_30m(), verdict_quick());
  EvalOptions aged = verdict_quick();
  aged.degradation = true;
  const Evaluation stepwise = evaluate(hot_30m(), aged);
  EXPECT_EQ(plain.verdict.meets, stepwise.verdict.meets);
  EXPECT_EQ(plain.verdict.summary, stepwise.verdict.summary);
  EXPECT_EQ(plain.verdict.binding, stepwise.verdict.binding);
  EXPECT_EQ(plain.verdict.fails_at_years, stepwise.verdict.fails_at_years);
  if (!plain.verdict.meets) {
    ASSERT_TRUE(plain.verdict.fails_at_years.has_value());
    EXPECT_FALSE(plain.verdict.binding.empty());
    EXPECT_NE(plain.verdict.summary.find("years"), std::string::npos) << plain.verdict.summary;
  }
}

// A design that meets now but not at the end of its life is never said to meet.
TEST(Verdict, NoCommandSaysMeetsWhenTheEndOfLifeFails) {
  LinkSpec s = hot_30m();
  s.reliability.ageing_model = AgeingModel::kArrhenius25c;
  s.reliability.led_decay_db_per_year = 3.0;  // ages far beyond its spares within the life
  const Evaluation e = evaluate(s, verdict_quick());
  ASSERT_TRUE(e.verdict.meets_now);
  ASSERT_FALSE(e.verdict.meets);
  ASSERT_TRUE(e.verdict.fails_at_years.has_value());
  EXPECT_GT(*e.verdict.fails_at_years, 0.0);
  EXPECT_LT(*e.verdict.fails_at_years, s.reliability.service_life_years);
  EXPECT_EQ(check_of(e.verdict, VerdictCondition::kSpares).ok, false);
  const std::string text = pages::text_summary(e);
  EXPECT_EQ(text.find("meets at start and at end"), std::string::npos) << text;
  EXPECT_NE(text.find("spares run out"), std::string::npos) << text;

  // The command line: text, JSON, --check and a sweep row read the same verdict.
  const std::string sets =
      " --set fiber.length_m=30 --set environment.case_temperature_c=85"
      " --set reliability.ageing_model=arrhenius_25c"
      " --set reliability.led_decay_db_per_year=3 --no-margin";
  const auto json = run_cli("simulate" + sets + " --json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto record = nlohmann::json::parse(json.out);
  EXPECT_EQ(record["verdict"]["meets"], false);
  EXPECT_EQ(record["link"]["meets"], false);
  EXPECT_EQ(record["verdict"]["summary"], e.verdict.summary);
  EXPECT_EQ(run_cli("simulate" + sets + " --check").exit_code, 4);
  EXPECT_EQ(run_cli("simulate --no-margin --check").exit_code, 0);
}

// The verdict's checks at the edge: a skew spread just inside and just outside the deskew buffer.
TEST(Verdict, SkewBeyondTheDeskewBufferFailsNamingTheKey) {
  LinkSpec s = preset("800g");
  // Each channel's own phase: the deskew buffer alone judged (under the presets' forwarded clock
  // such skews also close the eyes, each channel's fraction of a UI a static phase offset).
  s.rx.clock = ClockMode::kCdr;
  s.fiber.skew_rms_ps = 1000.0;
  const double spread_per_ps = evaluate(s, verdict_quick()).phy.skew_spread_ui / 1000.0;
  ASSERT_GT(spread_per_ps, 0.0);
  for (const double fraction : {0.95, 1.05}) {
    s.fiber.skew_rms_ps = fraction * s.link.max_skew_ui / spread_per_ps;
    const Evaluation e = evaluate(s, verdict_quick());
    const VerdictCheck& skew = check_of(e.verdict, VerdictCondition::kSkew);
    EXPECT_EQ(skew.ok, fraction < 1.0) << skew.detail;
    EXPECT_EQ(skew.key_to_change, "link.max_skew_ui");
    if (fraction > 1.0) {
      EXPECT_FALSE(e.verdict.meets_now);
      EXPECT_EQ(e.verdict.binding.rfind("skew:", 0), 0u) << e.verdict.binding;
    }
  }
}

// The relay deskews the physics' own skews: inside the buffer bit-exact with channels locked at
// non-zero offsets; just outside, the late channels cannot lock and are mapped out, named so.
TEST(Verdict, RelayDeskewsThePhysicsSkewsAtTheEdgeOfTheBuffer) {
  LinkSpec s = preset("800g");
  s.rx.clock = ClockMode::kCdr;  // whole-bit skews for the deskew logic, not phase offsets
  s.fiber.skew_rms_ps = 1000.0;
  const double spread_per_ps = evaluate(s, verdict_quick()).phy.skew_spread_ui / 1000.0;
  study::RelayOptions o;
  o.gbits = 0.05;
  o.physics = true;

  s.fiber.skew_rms_ps = 0.9 * s.link.max_skew_ui / spread_per_ps;
  const link::RelayResult inside = relay(s, o);
  EXPECT_TRUE(inside.bit_exact);
  EXPECT_EQ(inside.fec.uncorrectable, 0u);
  EXPECT_TRUE(inside.beyond_deskew.empty());
  int offset = 0;
  for (const auto& l : inside.locks) offset = std::max(offset, l.offset_ui);
  EXPECT_GT(offset, s.link.max_skew_ui / 2) << "locks at the deskew offsets the skews ask";

  s.fiber.skew_rms_ps = 1.1 * s.link.max_skew_ui / spread_per_ps;
  const link::RelayResult outside = relay(s, o);
  ASSERT_FALSE(outside.beyond_deskew.empty());
  for (int c : outside.beyond_deskew) {
    bool mapped = false;
    for (const auto& m : outside.mapped_out_why) mapped = mapped || m.channel == c;
    EXPECT_TRUE(mapped) << "channel " << c << " lags beyond the buffer but was not mapped out";
  }
  EXPECT_TRUE(outside.bit_exact) << "spares took the late channels' lanes";

  // Beyond what a (short) marker period can carry: refused before the run, naming the key.
  s.fiber.skew_rms_ps = 1e5;
  s.link.marker_period_bits = 1024;
  try {
    relay(s, o);
    ADD_FAILURE() << "a skew beyond the marker period was relayed";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "fiber.skew_rms_ps");
  }
}

// No launch reaches the target through a crosstalk floor: said so, never a number of dB.
TEST(Verdict, AFloorAboveTheTargetIsUnreachableNotANumber) {
  LinkSpec s = preset("800g");
  s.fiber.xt_adjacent_db = -9.0;
  s.fiber.xt_diagonal_db = -9.0;
  EvalOptions o = verdict_quick();
  o.margin = true;
  o.end_of_life = false;
  const Evaluation e = evaluate(s, o);
  EXPECT_TRUE(e.link().margin_computed);
  EXPECT_FALSE(e.link().margin_reachable);
  EXPECT_NE(check_of(e.verdict, VerdictCondition::kBer).detail.find("unreachable"),
            std::string::npos);
  const std::string text = pages::text_summary(e);
  EXPECT_NE(text.find("Margin   unreachable"), std::string::npos) << text;
  EXPECT_EQ(text.find("-72"), std::string::npos) << text;
}

// The receiver's overload at the edge: the strongest active channel just within the TIA's linear
// range meets; just above it the verdict fails naming the condition and what to change.
TEST(Verdict, ReceiverOverloadAtTheEdge) {
  LinkSpec s = preset("800g");
  s.fiber.length_m = 1.0;
  const Evaluation probe = evaluate(s, verdict_quick());
  double strongest = -1e9;
  for (const auto& c : probe.phy.channels)
    if (probe.lanes.active(c.index)) strongest = std::max(strongest, c.received_power_dbm);
  ASSERT_LT(strongest, s.rx.overload_dbm);  // the default receiver takes a 1 m cable
  for (const double step : {0.01, -0.01}) {
    s.rx.overload_dbm = strongest + step;
    const Evaluation e = evaluate(s, verdict_quick());
    const VerdictCheck& overload = check_of(e.verdict, VerdictCondition::kOverload);
    EXPECT_EQ(overload.ok, step > 0) << overload.detail;
    EXPECT_EQ(overload.key_to_change, "led.launch_power_dbm");
    EXPECT_EQ(e.verdict.meets_now, step > 0) << e.verdict.summary;
    if (step < 0) {
      EXPECT_EQ(e.verdict.binding.rfind("overload:", 0), 0u) << e.verdict.binding;
      EXPECT_NE(overload.detail.find("above the receiver's overload"), std::string::npos);
    }
  }
}

// A failure rate belongs to a working link: for one that does not work now the summary gives
// none (the parts' figure only, said so) and the record flags it.
TEST(Verdict, NoLinkFitForALinkThatDoesNotWorkNow) {
  LinkSpec s = preset("800g");
  s.fiber.length_m = 80.0;
  const Evaluation e = evaluate(s, verdict_quick());
  ASSERT_FALSE(e.verdict.meets_now);
  const std::string text = pages::text_summary(e);
  EXPECT_NE(text.find("no link FIT: the link does not work now"), std::string::npos) << text;
  EXPECT_EQ(text.find("Reliab.  link FIT"), std::string::npos) << text;
  const auto bad =
      run_cli("simulate --no-margin --no-calibration-ranges --set fiber.length_m=80 --json");
  ASSERT_EQ(bad.exit_code, 0) << bad.err;
  EXPECT_EQ(nlohmann::json::parse(bad.out)["reliability"]["fit_applies"], false);
  const auto good = run_cli("simulate --no-margin --no-calibration-ranges --json");
  ASSERT_EQ(good.exit_code, 0) << good.err;
  EXPECT_EQ(nlohmann::json::parse(good.out)["reliability"]["fit_applies"], true);
}

// Where the pixels run is in the record: the junction is the case plus R_th times the heat, the
// same figure the ageing law reads.
TEST(Verdict, LedOperatingPointIsInTheRecord) {
  const auto run = run_cli(
      "simulate --no-margin --no-calibration-ranges --set environment.case_temperature_c=85 "
      "--json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto a = nlohmann::json::parse(run.out)["led_ageing"];
  const LinkSpec s = preset("800g");
  EXPECT_EQ(a["model"], "tm21");
  EXPECT_DOUBLE_EQ(a["case_temperature_c"].get<double>(), 85.0);
  EXPECT_NEAR(a["junction_temperature_c"].get<double>(),
              85.0 + s.led.thermal_resistance_k_per_w * a["heat_mw"].get<double>() * 1e-3, 1e-9);
  EXPECT_GT(a["current_density_a_per_cm2"].get<double>(), 1e3);
  EXPECT_GT(a["decay_rate_per_h"].get<double>(), 0.0);
  EXPECT_GT(a["nominal_loss_db_at_end_of_life"].get<double>(), 0.0);
}

// The margin at the end of life is the aged link's own, one figure however the ageing ran: no more
// than the margin now, no less than it minus the most any active pixel lost, the link budget's
// weakest rows (each aged alone, at the CTLE of the link now) near or above it, and the margin
// now when the life is short.
TEST(Verdict, EndOfLifeMarginIsTheAgedLinksOwn) {
  LinkSpec s = preset("800g");
  s.fiber.length_m = 30.0;
  s.environment.case_temperature_c = 70.0;
  EvalOptions o = verdict_quick();
  o.margin = true;
  o.link_budget = true;
  const Evaluation e = evaluate(s, o);
  ASSERT_TRUE(e.verdict.meets) << e.verdict.summary;
  ASSERT_TRUE(e.end_of_life && e.end_of_life->margin_computed);
  ASSERT_TRUE(e.end_of_life->optical_margin_db.has_value());
  const double now = e.link().optical_margin_db;
  const double end = *e.end_of_life->optical_margin_db;
  const std::vector<double> decay =
      reliability::led_decay_db(s, s.array.rows * s.array.cols, s.reliability.service_life_years);
  double most = 0.0;
  for (int a : e.lanes.active_channels()) most = std::max(most, decay.at(a));
  EXPECT_LT(end, now);
  // 0.05 dB: the aged array tunes its own CTLE and clock phases, and each margin is found to
  // 0.004 dB.
  EXPECT_GE(end, now - most - 0.05) << "most decay " << most;
  ASSERT_TRUE(e.link_budget.has_value());
  for (const auto& row : e.link_budget->weakest)
    if (row.margin_end_of_life_db) {
      EXPECT_GE(*row.margin_end_of_life_db + 0.05, end) << row.channel;
    }
  EXPECT_NE(check_of(e.verdict, VerdictCondition::kSpares).detail.find("optical margin then"),
            std::string::npos);

  EvalOptions stepwise = o;
  stepwise.degradation = true;
  const Evaluation aged = evaluate(s, stepwise);
  ASSERT_TRUE(aged.end_of_life->optical_margin_db.has_value());
  EXPECT_EQ(*aged.end_of_life->optical_margin_db, end);

  LinkSpec brief = s;
  brief.reliability.service_life_years = 0.01;  // the key's lowest value: little ageing
  const Evaluation young = evaluate(brief, o);
  ASSERT_TRUE(young.end_of_life->optical_margin_db.has_value());
  EXPECT_NEAR(*young.end_of_life->optical_margin_db, now, 0.05);

  // A link that fails before its life ends has no margin then: the verdict speaks.
  s.environment.case_temperature_c = 85.0;
  const Evaluation hot = evaluate(s, o);
  ASSERT_FALSE(hot.verdict.meets);
  EXPECT_FALSE(hot.end_of_life->margin_computed);
}

}  // namespace
}  // namespace mosaic

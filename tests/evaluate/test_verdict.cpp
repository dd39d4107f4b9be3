// The one verdict over the service life, and what reads it.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "common/cli_run.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/relay_study.hpp"
#include "mosaic/evaluate/verdict.hpp"
#include "mosaic/pages/text_summary.hpp"

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

}  // namespace
}  // namespace mosaic

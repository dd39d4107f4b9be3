#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/columns.hpp"
#include "mosaic/evaluate/design_figures.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic {
namespace {

EvalOptions quick() {
  EvalOptions o;
  o.margin = false;
  o.bathtubs = false;
  return o;
}

TEST(Evaluate, DegradationRunsThePhysicsOncePerAge) {
  for (int steps : {1, 3, 5}) {
    LinkSpec s = preset("prototype");
    s.reliability.degradation_steps = steps;
    s.reliability.tm21_a_per_h = 0.0;  // never fails, so every age is evaluated
    EvalOptions o = quick();
    o.degradation = true;
    const Evaluation e = evaluate(s, o);
    ASSERT_TRUE(e.degradation.has_value());
    EXPECT_EQ(e.degradation->steps.size(), static_cast<std::size_t>(steps + 1));
    // N ages after 0, plus age 0 which is the evaluation itself: N + 1 physics runs in all.
    EXPECT_EQ(e.physics_evaluations, steps + 1) << steps;
    // Age 0 is exactly the evaluated link.
    EXPECT_DOUBLE_EQ(e.degradation->steps[0].worst_log10_ber, e.link().log10_worst_ber);
  }
  // The verdict's end of life is one more evaluation (none with the stepwise ageing, whose last
  // step it reads), and none at all when it is not asked for.
  // The 800g design meets at the end of its life: one evaluation there, no bisection.
  EXPECT_EQ(evaluate(preset("800g"), quick()).physics_evaluations, 2);
  EvalOptions no_end_of_life = quick();
  no_end_of_life.end_of_life = false;
  const Evaluation now_only = evaluate(preset("800g"), no_end_of_life);
  EXPECT_EQ(now_only.physics_evaluations, 1);
  EXPECT_FALSE(now_only.verdict.end_of_life_checked);
}

TEST(Evaluate, RolesArePureAndConsistentWithTheSummary) {
  LinkSpec s = preset("800g");
  s.array.dead_probability = 0.02;
  s.fiber.length_m = 50.0;
  const Evaluation e = evaluate(s, quick());
  int data = 0, ecc = 0, spare = 0, dead = 0, usable = 0;
  for (const auto& c : e.phy.channels) {
    switch (e.lanes.roles[c.index]) {
      case link::ChannelRole::kData:
        ++data;
        break;
      case link::ChannelRole::kEcc:
        ++ecc;
        break;
      case link::ChannelRole::kSpare:
        ++spare;
        usable += c.log10_ber <= std::log10(link::kKp4PreFecBer);
        break;
      case link::ChannelRole::kDead:
        ++dead;
        EXPECT_TRUE(c.dead);
        break;
    }
  }
  const auto& l = e.link();
  EXPECT_EQ(data, l.data);
  EXPECT_EQ(ecc, l.ecc);
  EXPECT_EQ(spare, l.spare);
  EXPECT_EQ(dead, l.dead);
  EXPECT_EQ(usable, l.spare_usable);
  EXPECT_GT(dead, 0);
  ASSERT_GE(l.worst_channel, 0);
  EXPECT_TRUE(e.lanes.active(l.worst_channel));
  EXPECT_DOUBLE_EQ(e.phy.channels[l.worst_channel].log10_ber, l.log10_worst_ber);
}

TEST(Evaluate, ColumnTablesCoverEveryChannelAndHeadline) {
  const Evaluation e = evaluate(preset("prototype"), quick());
  std::set<std::string> names;
  for (const auto& c : channel_columns()) EXPECT_TRUE(names.insert(c.name).second) << c.name;
  for (const char* must : {"index", "role", "ber", "log10_ber", "eye_height_1e12_ua"})
    EXPECT_TRUE(names.count(must)) << must;
  for (const auto& c : evaluation_columns()) {
    if (!c.present(e)) continue;
    const CellValue v = c.get(e);
    if (const auto* d = std::get_if<double>(&v)) {
      EXPECT_TRUE(std::isfinite(*d)) << c.name;
    }
  }
  // The margin column is absent exactly when the margin was not computed.
  for (const auto& c : evaluation_columns())
    if (c.name == "optical_margin_db") {
      EXPECT_FALSE(c.present(e));
    }
}

TEST(Evaluate, DesignFiguresComeFromTheEvaluation) {
  const Evaluation e = evaluate(preset("800g"), quick());
  const auto d = design_figures(e);
  EXPECT_DOUBLE_EQ(d.w_per_end, e.power.per_end_w);
  EXPECT_DOUBLE_EQ(d.link_fit, e.reliability.link_fit);
  EXPECT_FALSE(d.reach_from_physics);
  EXPECT_DOUBLE_EQ(design_figures(e, 42.0).reach_m, 42.0);
  EXPECT_GT(d.link_fit, 0.0);
  // The latency model's electronics: one 64-bit word serialised, one marker and the 64 UI deskew
  // buffer (3 x 64 UI at 2.135 Gb/s = 89.9 ns), plus the module's logic pipeline.
  EXPECT_NEAR(d.latency_ns, e.spec.module.logic_latency_ns + 3 * 64.0 / e.spec.channel.rate_gbps,
              1e-9);
  EXPECT_DOUBLE_EQ(d.latency_ns, e.link().latency.electronics_ns());
}

TEST(Evaluate, SkewBeyondTheDeskewBufferIsReported) {
  auto column = [](const Evaluation& e, const char* name) {
    for (const auto& c : evaluation_columns())
      if (c.name == name) return c.get(e);
    return CellValue{};
  };
  LinkSpec s = preset("prototype");
  s.fiber.model = FiberModelKind::kGeometric;
  s.fiber.launch_na = 0.05;
  s.fiber.bend_radius_m = 0.05;
  const Evaluation bent = evaluate(s, quick());
  const double spread = std::get<double>(column(bent, "skew_spread_ui"));
  EXPECT_DOUBLE_EQ(spread, bent.phy.skew_spread_ui);
  EXPECT_GT(spread, 1.0);
  EXPECT_TRUE(std::get<bool>(column(bent, "skew_within_buffer")));
  s.link.max_skew_ui = 0.5 * spread;
  EXPECT_FALSE(std::get<bool>(column(evaluate(s, quick()), "skew_within_buffer")));
  EXPECT_GE(std::get<double>(column(bent, "skew_spread_ui")),
            std::get<double>(column(bent, "skew_group_spread_ui")));
}

}  // namespace
}  // namespace mosaic

#include "mosaic/reliability/degradation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/link/assign_roles.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::reliability {
namespace {

// The earlier model (reliability.ageing_model = arrhenius_25c), kept selectable.
TEST(LedDecay, MeanFollowsRateAndChannelsKeepTheirDraw) {
  LinkSpec s = preset("800g");
  s.reliability.ageing_model = AgeingModel::kArrhenius25c;
  s.reliability.led_decay_db_per_year = 0.2;
  s.reliability.led_decay_sigma = 0.3;
  const auto l2 = led_decay_db(s, 20000, 2.0);
  const auto l4 = led_decay_db(s, 20000, 4.0);
  const double mean = std::accumulate(l2.begin(), l2.end(), 0.0) / l2.size();
  EXPECT_NEAR(mean, 0.4, 0.01);  // log-normal of mean 1; 1 sigma of the mean ~0.001
  for (int i = 0; i < 100; ++i) EXPECT_NEAR(l4[i] / l2[i], 2.0, 1e-12);  // exponent 1
  EXPECT_EQ(led_decay_db(s, 5, 0.0), std::vector<double>(5, 0.0));
  // Hotter ages faster.
  s.environment.case_temperature_c = 70.0;
  EXPECT_GT(led_decay_db(s, 1, 2.0)[0], l2[0]);
}

// A small array (100 pixels) so that each physics evaluation is quick.
LinkSpec small_link() {
  LinkSpec s = preset("prototype");
  s.array.data_channels = 80;
  s.array.ecc_channels = 8;
  s.array.spare_channels = 12;
  s.reliability.degradation_steps = 3;
  s.reliability.service_life_years = 5.0;
  // The decay rate set directly (the earlier model): these tests are of the spares' logic.
  s.reliability.ageing_model = AgeingModel::kArrhenius25c;
  return s;
}

// The link as evaluated at age 0, then aged.
DegradationResult age(const LinkSpec& s) {
  phy::EvalOptions eo;
  eo.bathtubs = false;
  const phy::PhyResult start = phy::evaluate(s, eo);
  return simulate_degradation(s, start, link::assign_roles(s, start.channels));
}

TEST(Degradation, AgeingUsesSparesAndEventuallyFails) {
  LinkSpec s = small_link();
  s.reliability.led_decay_db_per_year = 0.0;
  const DegradationResult none = age(s);
  EXPECT_EQ(none.evaluations, 3);  // the later ages only: age 0 was evaluated already
  EXPECT_EQ(none.steps.size(), 4u);
  EXPECT_EQ(none.spares_used, 0);
  EXPECT_TRUE(std::isfinite(none.worst_log10_ber));

  // A realistic-to-fast decay: channels cross the target one by one and take spares.
  s.reliability.led_decay_db_per_year = 0.5;
  s.reliability.degradation_steps = 5;
  const DegradationResult slow = age(s);
  EXPECT_GE(slow.spares_used, 1);
  EXPECT_LE(slow.spares_used, slow.spares_at_start);
  if (slow.failure_age_years) {
    EXPECT_GT(*slow.failure_age_years, 0.0);
  }

  s.reliability.degradation_steps = 3;
  s.reliability.led_decay_db_per_year = 40.0;  // absurdly fast: every channel dies
  const DegradationResult fast = age(s);
  EXPECT_TRUE(fast.failed);
  ASSERT_TRUE(fast.failure_age_years.has_value());
  EXPECT_GT(*fast.failure_age_years, 0.0);
  EXPECT_GE(fast.worst_log10_ber, none.worst_log10_ber);
  EXPECT_FALSE(fast.assumptions.empty());
}

// An aged evaluator built from the fresh one (its CTLE and pulses reused) gives every channel and
// every step the bits the one built from the spec gives, the CTLE tuned by the link or fixed.
TEST(Degradation, AgedFromTheFreshEvaluatorAsFromTheSpec) {
  for (const bool auto_ctle : {true, false}) {
    LinkSpec s = small_link();
    s.reliability.led_decay_db_per_year = 1.5;
    s.rx.ctle = true;
    s.rx.ctle_auto = auto_ctle;
    s.rx.ctle_peaking_db = 4.0;
    phy::EvalOptions eo;
    eo.bathtubs = false;
    eo.eye_heights = false;
    phy::LinkEvaluator fresh(s);
    const phy::PhyResult start = phy::evaluate(fresh, eo);
    const std::vector<double> loss = led_decay_db(s, s.array.rows * s.array.cols, 4.0);
    phy::LinkEvaluator from_fresh(fresh, loss), from_spec(s, loss);
    EXPECT_EQ(from_fresh.ctle_peaking_db(), from_spec.ctle_peaking_db());
    const phy::PhyResult a = phy::evaluate(from_fresh, eo), b = phy::evaluate(from_spec, eo);
    ASSERT_EQ(a.channels.size(), b.channels.size());
    int differs_from_start = 0;
    for (std::size_t i = 0; i < a.channels.size(); ++i) {
      EXPECT_EQ(a.channels[i].log10_ber, b.channels[i].log10_ber) << i;
      EXPECT_EQ(a.channels[i].threshold_a, b.channels[i].threshold_a) << i;
      EXPECT_EQ(a.channels[i].sampling_phase_ui, b.channels[i].sampling_phase_ui) << i;
      differs_from_start += a.channels[i].log10_ber != start.channels[i].log10_ber;
    }
    EXPECT_GT(differs_from_start, 0);  // the loss reached the eyes

    const link::LaneAssignment lanes = link::assign_roles(s, start.channels);
    DegradationOptions plain;
    plain.margin_at_end = true;
    DegradationOptions reusing = plain;
    reusing.fresh = &fresh;
    const DegradationResult x = simulate_degradation(s, start, lanes, plain);
    const DegradationResult y = simulate_degradation(s, start, lanes, reusing);
    EXPECT_EQ(x.failed, y.failed);
    EXPECT_EQ(x.spares_used, y.spares_used);
    EXPECT_EQ(x.worst_log10_ber, y.worst_log10_ber);
    EXPECT_EQ(x.end_margin_db, y.end_margin_db);
    ASSERT_EQ(x.steps.size(), y.steps.size());
    for (std::size_t k = 0; k < x.steps.size(); ++k) {
      EXPECT_EQ(x.steps[k].worst_log10_ber, y.steps[k].worst_log10_ber) << k;
      EXPECT_EQ(x.steps[k].swaps, y.steps[k].swaps) << k;
    }
  }
}

}  // namespace
}  // namespace mosaic::reliability

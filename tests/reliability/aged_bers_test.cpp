#include "mosaic/reliability/aged_bers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/link/assign_roles.hpp"
#include "mosaic/reliability/degradation.hpp"

namespace mosaic::reliability {
namespace {

// A small array (100 pixels) whose channels age at a chosen rate, with either clock.
LinkSpec small_link(ClockMode clock, double decay_db_per_year, double length_m) {
  LinkSpec s = preset("prototype");
  s.fiber.length_m = length_m;
  s.array.data_channels = 80;
  s.array.ecc_channels = 8;
  s.array.spare_channels = 12;
  s.rx.clock = clock;
  s.reliability.service_life_years = 5.0;
  s.reliability.ageing_model = AgeingModel::kArrhenius25c;
  s.reliability.led_decay_db_per_year = decay_db_per_year;
  return s;
}

// The link at age 0 as a sweep evaluates it (no eye heights, no bathtubs) and its evaluator.
struct AtStart {
  static phy::EvalOptions options() {
    phy::EvalOptions op;
    op.bathtubs = false;
    op.eye_heights = false;
    return op;
  }
  explicit AtStart(const LinkSpec& s) : fresh(s), start(phy::evaluate(fresh, options())) {}
  phy::LinkEvaluator fresh;
  phy::PhyResult start;
};

phy::EvalOptions ber_only() {
  phy::EvalOptions eo;
  eo.bathtubs = false;
  eo.eye_heights = false;
  eo.eye_widths = false;
  return eo;
}

// Every channel the bounds leave unsearched has a bound at or above its searched BER (within the
// search's own tolerance) and a decade below the target; every other one is the searched row to
// the bit; the worst of the active channels is the searched worst. The rates: every channel far
// below the target at the end of life (all bounds under the channels' own clocks; under a
// forwarded clock those not sampled at their own phase), and a third of them near or over it.
TEST(AgedBers, BoundsLieAboveTheSearchAndTheWorstIsSearched) {
  for (const ClockMode clock : {ClockMode::kCdr, ClockMode::kForwardedClock}) {
    for (const double rate : {0.3, 1.0}) {
      // 10 m: most channels far below the target at the end of life, the rest near it.
      const LinkSpec s = small_link(clock, rate, 10.0);
      AtStart at(s);
      const phy::PhyResult& start = at.start;
      const int pixels = s.array.rows * s.array.cols;
      const std::vector<double> loss = led_decay_db(s, pixels, s.reliability.service_life_years);
      phy::LinkEvaluator aged(at.fresh, loss);
      const double target = std::log10(s.reliability.degradation_ber_target);
      AgedBers bounded(aged, start, loss, target, ber_only(), false);
      AgedBers searched(aged, start, loss, target, ber_only(), true);
      int bounds = 0;
      for (int p = 0; p < pixels; ++p) {
        ASSERT_TRUE(searched.exact(p));
        const phy::ChannelResult& a = bounded.result().channels[p];
        const phy::ChannelResult& b = searched.result().channels[p];
        if (bounded.exact(p)) {
          EXPECT_EQ(a.log10_ber, b.log10_ber) << p;
          EXPECT_EQ(a.threshold_a, b.threshold_a) << p;
          EXPECT_EQ(a.sampling_phase_ui, b.sampling_phase_ui) << p;
          continue;
        }
        ++bounds;
        EXPECT_GE(a.log10_ber, b.log10_ber - 1e-3) << p;
        EXPECT_LE(a.log10_ber, target - kAgedBoundSlackDecades) << p;
      }
      EXPECT_GT(bounds, 5) << "rate " << rate;  // the bounds were taken
      const link::LaneAssignment lanes = link::assign_roles(s, start.channels);
      const std::vector<int> active = lanes.active_channels();
      double worst = -400.0;
      for (const int p : active) worst = std::max(worst, searched.log10_ber()[p]);
      EXPECT_EQ(bounded.worst(active), worst);
      for (const int p : active) {
        if (!bounded.exact(p)) {
          EXPECT_LT(bounded.log10_ber()[p] + kAgedBoundSlackDecades, worst);
        }
      }
    }
  }
}

// The ageing's figures with bounds are those of every channel searched: one age (the end of
// life) with the margin asked for (which searches every channel) and without it, with no
// channel over the target, with spares taking over and with the spares running out.
TEST(AgedBers, TheAgeingFiguresAreTheSearchedOnes) {
  for (const ClockMode clock : {ClockMode::kCdr, ClockMode::kForwardedClock}) {
    int swapped = 0, failed = 0;
    for (const double rate : {0.3, 1.5, 3.0, 40.0}) {
      const LinkSpec s = small_link(clock, rate, 20.0);
      AtStart at(s);
      const link::LaneAssignment lanes = link::assign_roles(s, at.start.channels);
      DegradationOptions o;
      o.ages_years = {s.reliability.service_life_years};
      o.fresh = &at.fresh;
      const DegradationResult b = simulate_degradation(s, at.start, lanes, o);
      o.margin_at_end = true;
      const DegradationResult a = simulate_degradation(s, at.start, lanes, o);
      EXPECT_EQ(a.failed, b.failed) << rate;
      EXPECT_EQ(a.spares_used, b.spares_used) << rate;
      EXPECT_EQ(a.worst_log10_ber, b.worst_log10_ber) << rate;
      ASSERT_EQ(a.steps.size(), b.steps.size());
      for (std::size_t k = 0; k < a.steps.size(); ++k) {
        EXPECT_EQ(a.steps[k].worst_log10_ber_before, b.steps[k].worst_log10_ber_before) << rate;
        EXPECT_EQ(a.steps[k].worst_log10_ber, b.steps[k].worst_log10_ber) << rate;
        EXPECT_EQ(a.steps[k].swaps, b.steps[k].swaps) << rate;
        EXPECT_EQ(a.steps[k].spares_left, b.steps[k].spares_left) << rate;
      }
      swapped += b.spares_used > 0 && !b.failed;
      failed += b.failed;
    }
    EXPECT_GT(swapped, 0);  // the cases reached the swaps and the failure
    EXPECT_GT(failed, 0);
  }
}

}  // namespace
}  // namespace mosaic::reliability

// The statistical eye's whole grid (the HTML report's contour plot) against the closed form.
#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/stat_eye.hpp"
#include "textbook.hpp"

namespace mosaic::phy {
namespace {

TEST(StatEyeGrid, GaussianOokAtThePulsePeakMatchesTheClosedFormAtEveryThreshold) {
  // Thermal noise only, ideal filters: at the pulse peak the BER at threshold d is
  // (Q((mu1 - d)/sigma) + Q((d - mu0)/sigma))/2 with sigma = i_n sqrt(B).
  const LinkSpec s = test::textbook_channel(-19.4, NoiseModel::kThermal, 10.0);
  LinkEvaluator ev(s);
  const StatEyeInput in = ev.eye_input(0, false);
  const StatEyeGrid g = stat_eye_grid(in, 64, 48);
  ASSERT_EQ(g.threshold_a.size(), 48u);
  ASSERT_EQ(g.log10_ber.size(), g.threshold_a.size() * g.phase_ui.size());
  const ChannelLevels lv = channel_levels(s, *s.rx.power_dbm);
  const double sigma = 10e-12 * std::sqrt(1.5e9);
  std::size_t peak = 0;
  for (std::size_t i = 0; i < g.phase_ui.size(); ++i)
    if (std::abs(g.phase_ui[i]) < std::abs(g.phase_ui[peak])) peak = i;
  ASSERT_EQ(g.phase_ui[peak], 0.0);
  int checked = 0;
  for (std::size_t t = 0; t < g.threshold_a.size(); ++t) {
    const double d = g.threshold_a[t];
    LogSumExp acc;
    acc.add(std::log(0.5) + log_q((lv.high_a - d) / sigma));
    acc.add(std::log(0.5) + log_q((d - lv.low_a) / sigma));
    const double expected = acc.value() / std::log(10.0);
    const double got = g.log10_ber[t * g.phase_ui.size() + peak];
    EXPECT_NEAR(got, expected, 0.01 * std::abs(expected) + 1e-3) << "threshold " << d;
    ++checked;
  }
  EXPECT_EQ(checked, 48);
  // The grid spans both levels, and the open eye reaches below 1e-6 somewhere.
  EXPECT_LE(g.threshold_a.front(), lv.low_a);
  EXPECT_GE(g.threshold_a.back(), lv.high_a);
  double best = 0.0;
  for (double v : g.log10_ber) best = std::min(best, v);
  EXPECT_LT(best, -6.0);
}

TEST(StatEyeGrid, NoPointBeatsTheChosenPhaseAndThreshold) {
  // stat_eye() picks the BER-optimal sampling point; the grid samples the same function.
  LinkSpec s = test::textbook_channel(-22.0, NoiseModel::kThermalShot, 8.0);
  s.led.filter = FilterShape::kFirstOrder;
  s.rx.filter = FilterShape::kFirstOrder;
  s.rx.jitter_rms_ps = 20.0;
  LinkEvaluator ev(s);
  const StatEyeInput in = ev.eye_input(0, false);
  const StatEyeResult best = stat_eye(in);
  const StatEyeGrid g = stat_eye_grid(in, 64, 64);
  for (double v : g.log10_ber) EXPECT_GE(v, best.log10_ber - 1e-6 * std::abs(best.log10_ber));
}

}  // namespace
}  // namespace mosaic::phy

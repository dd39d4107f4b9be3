// The statistical eye's whole grid (the HTML report's contour plot) against the closed form; the
// openings, jitter budget and mask the report annotates on it against the eye's own bathtubs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/eye_analysis.hpp"
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

// A channel with ISI (first-order filters) and jitter whose eye is open below 1e-12.
LinkSpec open_eye_channel() {
  LinkSpec s = test::textbook_channel(-16.0, NoiseModel::kThermalShot, 8.0);
  s.led.filter = FilterShape::kFirstOrder;
  s.rx.filter = FilterShape::kFirstOrder;
  s.rx.jitter_rms_ps = 20.0;
  return s;
}

// Where a bathtub first crosses `level` going out from its centre (x = 0) towards `dir`, by
// linear interpolation in log10 BER between its points (as the eye's openings are measured).
double bathtub_crossing(const std::vector<BathtubPoint>& tub, double level, int dir) {
  std::size_t c = 0;
  for (std::size_t i = 0; i < tub.size(); ++i)
    if (std::abs(tub[i].x) < std::abs(tub[c].x)) c = i;
  for (std::size_t i = c; i + dir < tub.size() && i + dir != std::size_t(-1); i += dir) {
    const BathtubPoint& a = tub[i];
    const BathtubPoint& b = tub[i + dir];
    if (b.log10_ber > level)
      return a.x + (level - a.log10_ber) / (b.log10_ber - a.log10_ber) * (b.x - a.x);
  }
  return tub[dir > 0 ? tub.size() - 1 : 0].x;
}

TEST(EyeAnalysis, OpeningsAreTheChannelsAndEndWhereItsBathtubsCrossTheirBer) {
  LinkEvaluator ev(open_eye_channel());
  const ChannelResult c = ev.evaluate_channel(0, true);
  ASSERT_LT(c.log10_ber, -14.0);
  const EyeAnalysis a = analyse_eye(ev, 0, std::nullopt);
  EXPECT_EQ(a.kp4.height_a, c.eye_height_a);
  EXPECT_EQ(a.kp4.width_ui, c.eye_width_ui);
  EXPECT_EQ(a.ber_1e12.height_a, c.eye_height_1e12_a);
  EXPECT_EQ(a.ber_1e12.width_ui, c.eye_width_1e12_ui);
  EXPECT_EQ(a.sampling_phase_ui, c.sampling_phase_ui);
  EXPECT_EQ(a.threshold_a, c.threshold_a);
  // The bathtubs' x is from the chosen phase and threshold.
  const double v_cell = std::abs(c.bathtub_threshold[1].x - c.bathtub_threshold[0].x);
  for (const EyeOpening* o : {&a.kp4, &a.ber_1e12}) {
    const double level = std::log10(o->ber);
    ASSERT_GT(o->width_ui, 0.1);
    EXPECT_NEAR(o->edges.right_ui - o->edges.left_ui, o->width_ui, 1e-12);
    EXPECT_NEAR(o->edges.high_a - o->edges.low_a, o->height_a, 1e-12 * o->height_a);
    // Horizontally the same interpolation between the same whole-sample phases: equal.
    EXPECT_NEAR(o->edges.left_ui - a.sampling_phase_ui,
                bathtub_crossing(c.bathtub_phase, level, -1), 1e-9);
    EXPECT_NEAR(o->edges.right_ui - a.sampling_phase_ui,
                bathtub_crossing(c.bathtub_phase, level, 1), 1e-9);
    // Vertically the opening is bisected to a small part of the bathtub's 24-point grid, on which
    // a straight line in log10 BER cuts the curved edge: within one grid cell.
    EXPECT_NEAR(o->edges.low_a - a.threshold_a, bathtub_crossing(c.bathtub_threshold, level, -1),
                v_cell);
    EXPECT_NEAR(o->edges.high_a - a.threshold_a, bathtub_crossing(c.bathtub_threshold, level, 1),
                v_cell);
  }
  EXPECT_LT(a.ber_1e12.width_ui, a.kp4.width_ui);
  EXPECT_LT(a.ber_1e12.height_a, a.kp4.height_a);
}

TEST(EyeMask, MarginChangesSignWhereTheMaskMeetsTheEye) {
  LinkEvaluator ev(open_eye_channel());
  const StatEyeInput in = ev.eye_input(0, false);
  const StatEyeResult r = stat_eye(in);
  StatEyeProbe probe(in);
  const int os = probe.samples_per_ui();
  const double s = static_cast<double>(r.phase_samples) / os;
  const double swing = in.victim.swing_a * in.victim.pulse->at(r.phase_samples, 0);
  // A flat diamond whose points reach the nearer side of the KP4 opening, a tall one whose top or
  // bottom does: 1 % larger fails, 1 % smaller passes with under 1 % to spare.
  const double across = std::min(r.edges.right_ui - s, s - r.edges.left_ui);
  const double up = std::min(r.edges.high_a - r.threshold_a, r.threshold_a - r.edges.low_a) / swing;
  ASSERT_GT(across, 0.1);
  ASSERT_GT(up, 0.1);
  for (const bool wide : {true, false})
    for (const double f : {1.01, 0.99}) {
      EyeMaskSpec spec;
      spec.flat_half_width_ui = 0.0;
      spec.half_width_ui = wide ? f * across : 1e-3;
      spec.half_height_swing = wide ? 1e-3 : f * up;
      const EyeMask m = eye_mask(probe, r.phase_samples, r.threshold_a, swing, spec);
      EXPECT_EQ(m.pass, f < 1.0) << wide << " " << f;
      EXPECT_EQ(m.margin_percent >= 0.0, m.pass);
      EXPECT_NEAR(m.margin_percent, (1.0 / f - 1.0) * 100.0, 0.05) << wide << " " << f;
      EXPECT_NEAR(m.vertices[3][0] - m.vertices[0][0], 2 * spec.half_width_ui, 1e-12);
    }
  // A mask on a decision point outside the region fails outright.
  EyeMaskSpec strict;
  strict.ber = 1e-300;
  const EyeMask none = eye_mask(probe, r.phase_samples, r.threshold_a, swing, strict);
  EXPECT_FALSE(none.pass);
  EXPECT_EQ(none.scale, 0.0);
}

TEST(JitterBudget, TermsAreTheModelsAndAddUpTheDualDiracWay) {
  LinkSpec spec = preset("800g");
  spec.array.rows = 3;
  spec.array.cols = 3;
  spec.array.data_channels = 6;
  spec.array.ecc_channels = 1;
  spec.array.spare_channels = 2;
  spec.array.dead_probability = 0.0;
  for (const bool crosstalk : {true, false}) {
    spec.fiber.crosstalk = crosstalk;
    LinkEvaluator ev(spec);
    const EyeAnalysis a = analyse_eye(ev, 4, std::nullopt);  // the middle pixel: 8 neighbours
    const JitterBudget& b = a.jitter;
    const double ui_s = 1e-9 / spec.channel.rate_gbps;
    EXPECT_NEAR(b.ui_ps, ui_s * 1e12, 1e-9);
    EXPECT_NEAR(b.rj_rms_ui, spec.rx.jitter_rms_ps * 1e-12 / ui_s, 1e-12);
    EXPECT_NEAR(b.q_1e12, 7.034, 1e-3);
    EXPECT_NEAR(b.q_kp4, 3.4917, 1e-3);
    ASSERT_TRUE(b.dj_isi_pp_ui && b.dj_total_pp_ui);
    EXPECT_GT(*b.dj_isi_pp_ui, 0.0);  // the LED and the fiber leave ISI
    EXPECT_LT(*b.dj_total_pp_ui, 0.5);
    ASSERT_TRUE(b.dj_crosstalk_pp_ui);
    if (crosstalk) {
      EXPECT_GT(*b.dj_total_pp_ui, *b.dj_isi_pp_ui);
      EXPECT_EQ(*b.dj_crosstalk_pp_ui, *b.dj_total_pp_ui - *b.dj_isi_pp_ui);
    } else {
      EXPECT_EQ(*b.dj_total_pp_ui, *b.dj_isi_pp_ui);
      EXPECT_EQ(*b.dj_crosstalk_pp_ui, 0.0);
    }
    EXPECT_NEAR(*b.tj_dual_dirac_1e12_ui, *b.dj_total_pp_ui + 2 * b.q_1e12 * b.rj_rms_ui, 1e-12);
    EXPECT_NEAR(*b.tj_dual_dirac_kp4_ui, *b.dj_total_pp_ui + 2 * b.q_kp4 * b.rj_rms_ui, 1e-12);
    EXPECT_NEAR(b.tj_stat_eye_1e12_ui, 1.0 - a.ber_1e12.width_ui, 1e-12);
    EXPECT_NEAR(b.tj_stat_eye_kp4_ui, 1.0 - a.kp4.width_ui, 1e-12);
    EXPECT_EQ(b.phase_offset_ui, 0.0);  // at its own best phase
    // Sampled two samples late (as a forwarded clock may): the offset says so.
    const int os = ev.chain().samples_per_ui();
    const int best = static_cast<int>(std::lround(a.sampling_phase_ui * os));
    const EyeAnalysis late = analyse_eye(ev, 4, best + 2);
    EXPECT_NEAR(late.jitter.phase_offset_ui, 2.0 / os, 1e-12);
    EXPECT_NEAR(late.sampling_phase_ui, a.sampling_phase_ui + 2.0 / os, 1e-12);
  }
  // Neighbours too faint to move the worst pattern (the 800G design at 50 m and 85 degC, seed 3,
  // its worst channel: its two widths, walked apart, differ in their last bits at some phases):
  // no crosstalk DJ there, never a negative one.
  LinkSpec faint = preset("800g");
  faint.seed = 3;
  faint.fiber.length_m = 50.0;
  faint.environment.case_temperature_c = 85.0;
  LinkEvaluator ev(faint);
  const int os = ev.chain().samples_per_ui();
  const int best =
      static_cast<int>(std::lround(analyse_eye(ev, 168, std::nullopt).sampling_phase_ui * os));
  int rounding_only = 0;
  for (int phase = best - 3; phase <= best + 3; ++phase) {
    const JitterBudget b = analyse_eye(ev, 168, phase).jitter;
    if (!b.dj_crosstalk_pp_ui) continue;
    const double raw = *b.dj_total_pp_ui - *b.dj_isi_pp_ui;
    EXPECT_GE(*b.dj_crosstalk_pp_ui, 0.0) << phase;
    if (raw != 0.0 && std::abs(raw) < 1e-9) {
      ++rounding_only;
      EXPECT_EQ(*b.dj_crosstalk_pp_ui, 0.0) << phase;
    }
  }
  EXPECT_GE(rounding_only, 1);
}

// The taps read from the pulse regrouped by phase are the strided reads of h, so a channel with
// neighbours gives the same eye, bit for bit, from pulses with and without that index.
TEST(StatEyeGrid, PulsesIndexedByPhaseGiveTheStridedReadsBits) {
  LinkEvaluator ev(preset("800g"));
  const StatEyeInput indexed = ev.eye_input(37, false);
  ASSERT_FALSE(indexed.victim.pulse->by_phase.empty());
  ASSERT_FALSE(indexed.aggressors.empty());
  std::vector<PulseResponse> bare;
  bare.reserve(1 + indexed.aggressors.size());
  StatEyeInput strided = indexed;
  bare.push_back(*indexed.victim.pulse);
  for (const auto& a : indexed.aggressors) bare.push_back(*a.pulse);
  for (auto& p : bare) p.by_phase.clear();
  strided.victim.pulse = &bare[0];
  for (std::size_t i = 0; i < strided.aggressors.size(); ++i)
    strided.aggressors[i].pulse = &bare[i + 1];
  const StatEyeGrid a = stat_eye_grid(indexed, 32, 24);
  const StatEyeGrid b = stat_eye_grid(strided, 32, 24);
  ASSERT_EQ(a.log10_ber.size(), b.log10_ber.size());
  for (std::size_t i = 0; i < a.log10_ber.size(); ++i) ASSERT_EQ(a.log10_ber[i], b.log10_ber[i]);
  EXPECT_EQ(stat_eye(indexed).log10_ber, stat_eye(strided).log10_ber);
}

}  // namespace
}  // namespace mosaic::phy

// The statistical eye's threshold search (a jitter-free scan, then a search on the jittered
// BER and its slope) against a dense scan of the jittered BER over every sampling phase and 801
// thresholds, on the channels where it is hardest: the worst channel of the 800G design at its
// rated reach and temperature, a deep-tail channel of the default design, and a phase-sensitive
// single channel with large jitter.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/isi_distribution.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/stat_eye.hpp"
#include "mosaic/phy/stat_eye_threshold.hpp"
#include "textbook.hpp"

namespace mosaic::phy {
namespace {

// No grid point may beat the chosen one (the search finds the minimum of the same function), and
// the chosen one may not be worse than the best grid point by more than 1e-4 of its log10 BER
// (the grid's own cell, 1/800 of the amplitude range, limits how close the grid gets).
void expect_search_matches_dense_scan(const LinkSpec& spec, int channel) {
  LinkEvaluator ev(spec);
  const StatEyeInput in = ev.eye_input(channel, false);
  const StatEyeResult best = stat_eye(in);
  const int os = ev.chain().samples_per_ui();
  const StatEyeGrid g = stat_eye_grid(in, 2 * os, 801);
  const double grid_min = *std::min_element(g.log10_ber.begin(), g.log10_ber.end());
  const double tolerance = 1e-4 * std::abs(best.log10_ber);
  EXPECT_GE(grid_min, best.log10_ber - 1e-6 * std::abs(best.log10_ber)) << "channel " << channel;
  EXPECT_LE(best.log10_ber, grid_min + tolerance) << "channel " << channel;
}

TEST(ThresholdSearch, WorstChannelOf800gAt50mAnd85C) {
  LinkSpec s = preset("800g");
  s.fiber.length_m = 50.0;
  s.environment.case_temperature_c = 85.0;
  expect_search_matches_dense_scan(s, 221);  // the worst active channel there (log10 BER -4.39)
}

TEST(ThresholdSearch, DeepTailChannelOfTheDefaultDesign) {
  expect_search_matches_dense_scan(preset("800g"), 444);  // worst there, log10 BER -48.4
}

TEST(ThresholdSearch, PhaseSensitiveChannelWithLargeJitter) {
  LinkSpec s = test::textbook_channel(-21.0, NoiseModel::kThermalShot, 8.0);
  s.led.filter = FilterShape::kFirstOrder;
  s.led.f3db_ghz = 1.1;
  s.rx.filter = FilterShape::kButterworth2;
  s.rx.bandwidth_ghz = 1.4;
  s.rx.jitter_rms_ps = 30.0;
  expect_search_matches_dense_scan(s, 0);
}

// The jitter-free scan that walks out from the mean level and stops where a tail shows that no
// point beyond can be lower picks the point the full 24-point scan picks, bit for bit, on every
// phase of channels across the 800G array, at the rated corner and at 20 m (eyes from 1e-4 to
// 1e-100).
TEST(ThresholdSearch, TheScanFromTheTailsPicksTheFullScansPoint) {
  int compared = 0;
  for (const double length : {20.0, 50.0}) {
    LinkSpec spec = preset("800g");
    spec.fiber.length_m = length;
    spec.environment.case_temperature_c = 85.0;
    LinkEvaluator ev(spec);
    const int os = ev.chain().samples_per_ui();
    for (int channel = 0; channel < 460; channel += 37) {
      const StatEyeInput in = ev.eye_input(channel, false);
      double mean = in.victim.base_a + 0.5 * in.victim.swing_a;
      for (const auto& a : in.aggressors) mean += a.base_a + 0.5 * a.swing_a;
      for (int phase = -os / 2; phase <= os / 2; phase += 3) {
        PhaseDistribution dist;
        IsiScratch scratch;
        build_phase_distribution(in, phase, dist, scratch);
        const ThresholdProbe walked = jitter_free_probe(dist, mean);
        ThresholdProbe full = walked;
        full.jitter_free_tails = nullptr;
        const auto [lo, hi] = amplitude_range(dist);
        EXPECT_EQ(best_threshold(walked, lo, hi), best_threshold(full, lo, hi))
            << length << " m, channel " << channel << ", phase " << phase;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 100);
}

}  // namespace
}  // namespace mosaic::phy

// The statistical eye's threshold search (a jitter-free scan, then a search on the jittered
// BER and its slope) against a dense scan of the jittered BER over every sampling phase and 801 thresholds, on
// the channels where it is hardest: the worst channel of the 800G design at its rated reach and
// temperature, a deep-tail channel of the default design, and a phase-sensitive single channel
// with large jitter.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/stat_eye.hpp"
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

}  // namespace
}  // namespace mosaic::phy

// A pulse's rows summarised for the statistical eye (TapSummary: the largest taps in order of size
// and the sums of the others) against the rows themselves, and the eye built from the summaries
// against the eye built tap by tap, on channels of the 800G design at its default and its rated
// corner: the same phase, threshold and BER to the rounding of the lumped sums.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/stat_eye.hpp"
#include "mosaic/phy/tap_summary.hpp"

namespace mosaic::phy {
namespace {

// Rows of `span` samples one after the other, laid side by side as a pulse stores its phases.
std::vector<double> side_by_side(const std::vector<double>& rows_in_turn, int rows, int span) {
  std::vector<double> out(rows_in_turn.size());
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < span; ++j)
      out[static_cast<std::size_t>(j) * rows + r] =
          rows_in_turn[static_cast<std::size_t>(r) * span + j];
  return out;
}

// Columns of a row by size, ties the lower column first.
std::vector<int> by_size(const double* row, int span) {
  std::vector<int> order(span);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return std::abs(row[a]) > std::abs(row[b]); });
  return order;
}

TEST(TapSummary, TheLargestInOrderAndTheSumsOfTheRest) {
  Rng rng(21, RngPurpose::kSweepSample, 9);
  for (const int span : {1, 5, 8, 9, 10, 64}) {
    const int rows = 12;
    std::vector<double> x(static_cast<std::size_t>(rows) * span);
    for (std::size_t i = 0; i < x.size(); ++i) {
      // Decaying taps of either sign, with ties (a few values repeated) and zeros.
      const double u = rng.uniform();
      x[i] = u < 0.15  ? 0.0
             : u < 0.3 ? -0.25
                       : (u < 0.6 ? -1.0 : 1.0) * std::exp(-30.0 * rng.uniform());
    }
    const std::vector<TapSummary> summary =
        summarize_interleaved_taps(side_by_side(x, rows, span).data(), rows, span, 0);
    ASSERT_EQ(summary.size(), static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r) {
      const double* row = x.data() + static_cast<std::size_t>(r) * span;
      const std::vector<int> order = by_size(row, span);
      const TapSummary& t = summary[r];
      ASSERT_EQ(t.count, std::min(span, TapSummary::kTop));
      for (int k = 0; k < t.count; ++k) EXPECT_EQ(t.top[k], order[k]) << span << " " << r;
      EXPECT_EQ(t.next, span > t.count ? std::abs(row[order[t.count]]) : 0.0);
      for (int k = 0; k <= t.count; ++k) {
        double sum = 0.0, squares = 0.0, size = 0.0;
        for (int j = k; j < span; ++j) {
          sum += row[order[j]];
          squares += row[order[j]] * row[order[j]];
          size += std::abs(row[order[j]]);
        }
        EXPECT_NEAR(t.rest_sum[k], sum, 1e-15 * span * size) << span << " " << r << " " << k;
        EXPECT_NEAR(t.rest_squares[k], squares, 1e-15 * span * squares);
      }
    }
  }
}

// The summaries' bits as their definition states them, from whichever column the search for the
// largest starts: the top columns by size (ties: the lower column first, which decides between
// repeated sizes of either sign), the others summed in column order, then the top ones added
// from the smallest up.
TEST(TapSummary, TheBitsOfTheDefinitionFromAnyFirstColumn) {
  Rng rng(23, RngPurpose::kSweepSample, 4);
  for (const int span : {1, 7, 9, 10, 33, 64}) {
    for (const int rows : {1, 5, 16}) {
      std::vector<double> x(static_cast<std::size_t>(rows) * span);
      for (double& v : x) {
        const double u = rng.uniform();
        v = u < 0.1 ? 0.0 : u < 0.3 ? (u < 0.2 ? -0.5 : 0.5) : (u - 0.65) * std::exp(-8 * u);
      }
      const std::vector<double> h = side_by_side(x, rows, span);
      for (int first = 0; first < span; first += std::max(1, span / 5)) {
        const std::vector<TapSummary> s = summarize_interleaved_taps(h.data(), rows, span, first);
        ASSERT_EQ(s.size(), static_cast<std::size_t>(rows));
        for (int r = 0; r < rows; ++r) {
          const double* row = x.data() + static_cast<std::size_t>(r) * span;
          const std::vector<int> order = by_size(row, span);
          const int count = std::min(span, TapSummary::kTop);
          const TapSummary& t = s[r];
          ASSERT_EQ(t.count, count);
          std::vector<bool> top(span, false);
          for (int k = 0; k < count; ++k) {
            EXPECT_EQ(t.top[k], order[k]) << span << " " << rows << " " << first;
            EXPECT_EQ(t.top_sample[k], row[order[k]]);
            top[order[k]] = true;
          }
          EXPECT_EQ(t.next, span > count ? std::abs(row[order[count]]) : 0.0);
          double sum = 0.0, squares = 0.0;
          for (int j = 0; j < span; ++j) {
            if (top[j]) continue;
            sum += row[j];
            squares += row[j] * row[j];
          }
          EXPECT_EQ(t.rest_sum[count], sum) << span << " " << rows << " " << first;
          EXPECT_EQ(t.rest_squares[count], squares);
          for (int k = count - 1; k >= 0; --k) {
            sum += row[order[k]];
            squares += row[order[k]] * row[order[k]];
            EXPECT_EQ(t.rest_sum[k], sum);
            EXPECT_EQ(t.rest_squares[k], squares);
          }
        }
      }
    }
  }
}

// The same eye with its pulses' summaries removed: every row is then gathered tap by tap.
StatEyeResult eye_tap_by_tap(StatEyeInput in, std::vector<PulseResponse>& copies) {
  copies.clear();
  copies.reserve(in.aggressors.size() + 1);
  auto bare = [&](EyeSignal& s) {
    copies.push_back(*s.pulse);
    copies.back().tap_summaries.clear();
    s.pulse = &copies.back();
  };
  bare(in.victim);
  for (auto& a : in.aggressors) bare(a);
  return stat_eye(in);
}

void expect_summaries_change_nothing(const LinkSpec& spec, const std::vector<int>& channels) {
  LinkEvaluator ev(spec);
  std::vector<PulseResponse> copies;
  for (const int c : channels) {
    if (ev.layout().channels[c].dead) continue;
    const StatEyeInput in = ev.eye_input(c, true);
    ASSERT_FALSE(in.victim.pulse->tap_summaries.empty());
    const StatEyeResult a = stat_eye(in);
    const StatEyeResult b = eye_tap_by_tap(in, copies);
    EXPECT_EQ(a.phase_samples, b.phase_samples) << c;
    EXPECT_NEAR(a.log10_ber, b.log10_ber, 1e-12 * std::abs(b.log10_ber)) << c;
    EXPECT_NEAR(a.threshold_a, b.threshold_a, 1e-9 * std::abs(b.threshold_a)) << c;
    EXPECT_NEAR(a.eye_width_ui, b.eye_width_ui, 1e-9) << c;
    EXPECT_NEAR(a.eye_height_a, b.eye_height_a, 1e-9 * std::abs(b.eye_height_a)) << c;
    ASSERT_EQ(a.bathtub_phase.size(), b.bathtub_phase.size());
    for (std::size_t i = 0; i < a.bathtub_phase.size(); ++i)
      EXPECT_NEAR(a.bathtub_phase[i].log10_ber, b.bathtub_phase[i].log10_ber,
                  1e-12 * std::abs(b.bathtub_phase[i].log10_ber) + 1e-14)
          << c << " phase " << i;
  }
}

// A slow LED without an equaliser: the victim keeps more taps than a summary holds, so its rows
// are gathered tap by tap (what the summary path gives back when it cannot tell), beside the
// neighbours' summaries. The test first makes sure that is so at the phase the eye chooses.
TEST(TapSummary, AVictimWithMoreKeptTapsThanTheSummaryHoldsIsGatheredTapByTap) {
  LinkSpec s = preset("800g");
  s.array.rows = 3;
  s.array.cols = 3;
  s.array.data_channels = 8;
  s.array.ecc_channels = 0;
  s.array.spare_channels = 1;
  s.led.f3db_ghz = 0.25;
  s.rx.ctle = false;
  LinkEvaluator ev(s);
  const int centre = 4;
  ASSERT_FALSE(ev.layout().channels[centre].dead);
  const StatEyeInput in = ev.eye_input(centre, false);
  const StatEyeResult eye = stat_eye(in);
  const PulseResponse& pulse = *in.victim.pulse;
  const double cursor = in.victim.swing_a * pulse.at(eye.phase_samples, 0);
  // The eye's `tiny` (isi_distribution.cpp): taps at or above it are kept exactly.
  const double tiny = std::max(1e-4 * std::abs(cursor), 0.05 * in.thermal_sigma_a);
  int kept = 0;
  for (int k = -pulse.span_ui / 2; k < pulse.span_ui / 2; ++k)
    if (k != 0 && std::abs(in.victim.swing_a * pulse.at(eye.phase_samples, k)) >= tiny) ++kept;
  ASSERT_GT(kept, TapSummary::kTop);
  expect_summaries_change_nothing(s, {0, centre, 8});
}

TEST(TapSummary, TheEyeFromTheSummariesIsTheEyeTapByTap) {
  // The default design's deep-tail worst channel, its first and a spread of others.
  expect_summaries_change_nothing(preset("800g"), {0, 1, 57, 138, 221, 300, 444, 459});
  LinkSpec corner = preset("800g");
  corner.fiber.length_m = 50.0;
  corner.environment.case_temperature_c = 85.0;
  expect_summaries_change_nothing(corner, {0, 90, 221, 371});
}

}  // namespace
}  // namespace mosaic::phy

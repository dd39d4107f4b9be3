// The jitter window (phy/jitter_window.hpp): the upper bound on a phase's jitter-free ln BER it
// judges offsets by holds at every phase and depth of real channels, and the jittered ln BER and
// slope it gives, with the offsets it leaves out, are those of the whole window.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/isi_distribution.hpp"
#include "mosaic/phy/jitter_window.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::phy {
namespace {

// The 800G design short and cool (eyes far below 1e-100, where jitter sets the BER) and long and
// hot (near its limit).
std::vector<LinkSpec> designs() {
  std::vector<LinkSpec> out;
  for (const auto& [length_m, case_c] : {std::pair{20.0, 25.0}, {50.0, 85.0}}) {
    LinkSpec s = preset("800g");
    s.fiber.length_m = length_m;
    s.environment.case_temperature_c = case_c;
    out.push_back(s);
  }
  return out;
}

// A channel's distributions at every phase of +-1 UI and its margin (index s + first).
struct Phases {
  std::vector<PhaseDistribution> at;
  int first = 0;
  const PhaseDistribution& operator()(int s) const { return at[s - first]; }
};

Phases build_phases(const StatEyeInput& in, int os, int margin) {
  Phases p;
  p.first = -os - margin;
  p.at.resize(2 * (os + margin) + 1);
  for (int s = p.first; s <= os + margin; ++s)
    build_phase_distribution(in, s, p.at[s - p.first], IsiScratch::of_this_thread());
  return p;
}

TEST(JitterWindow, TheUpperBoundHoldsAtEveryPhaseAndDepth) {
  int checked = 0, below_one = 0, within_ten = 0;
  for (const LinkSpec& spec : designs()) {
    LinkEvaluator ev(spec);
    const int os = ev.chain().samples_per_ui();
    for (const int c : {0, 57, 230, 459}) {
      if (ev.layout().channels[c].dead) continue;
      const StatEyeInput in = ev.eye_input(c, false);
      const Phases phases = build_phases(in, os, 0);
      for (int s = -os; s <= os; ++s) {
        const PhaseDistribution& dist = phases(s);
        const auto [a, b] = amplitude_range(dist);
        for (int i = 0; i <= 40; ++i) {
          const double d = a + (b - a) * i / 40.0;
          const double ber = log_ber_without_jitter(dist, d);
          const double bound = log_ber_upper_bound_without_jitter(dist, d);
          ASSERT_GE(bound, ber) << c << " at " << s << ", " << d;
          ++checked;
          below_one += bound < -1.0;
          within_ten += bound < -1.0 && bound < ber + 10.0;
        }
      }
    }
  }
  EXPECT_GT(checked, 5000);
  // It bounds, not merely says BER <= 1: the thresholds inside open eyes (13 % of those across
  // the whole amplitude range) get a real bound, half of them within ten of ln BER.
  EXPECT_GT(below_one, checked / 10);
  EXPECT_GT(within_ten, checked / 20);
  PhaseDistribution split;
  split.split = true;
  EXPECT_EQ(log_ber_upper_bound_without_jitter(split, 0.5),
            std::numeric_limits<double>::infinity());
}

// Where one bin holds all the probability the bound is the Chernoff bound of its nearer tail,
// within ln(1.3 z) + ln 2 of the exact ln BER at every depth from z = 0.5 to 35 (the scaled sums
// and the log domain included): a bound that scaled z or lost a factor would fail here.
TEST(JitterWindow, TheUpperBoundIsTightWhereOneBinDecides) {
  for (const double sigma : {1.0, 0.1, 0.03, 0.014}) {
    PhaseDistribution dist;
    dist.lo = 0.0;
    dist.step = 1.0 / (kIsiBins - 1);
    dist.cursor = 1.0;
    dist.p.assign(kIsiBins, 0.0);
    dist.p[128] = 1.0;
    dist.first_live = dist.last_live = 128;
    dist.noise.inv_sigma0.assign(kIsiBins, 1.0 / sigma);
    dist.noise.inv_sigma1.assign(kIsiBins, 1.0 / sigma);
    dist.noise.least_inv_sigma0 = dist.noise.least_inv_sigma1 = 1.0 / sigma;
    dist.ready = true;
    const double level = dist.lo + 128 * dist.step;
    for (const double frac : {0.5, 0.3, 0.7}) {
      const double d = level + frac;
      const double ber = log_ber_without_jitter(dist, d);
      const double bound = log_ber_upper_bound_without_jitter(dist, d);
      const double z = std::min(frac, 1.0 - frac) / sigma;
      EXPECT_GE(bound, ber) << sigma << " " << frac;
      EXPECT_LE(bound, ber + std::log(1.3 * std::max(z, 1.0)) + std::log(2.0) + 0.1)
          << sigma << " " << frac;
    }
  }
}

// The jittered ln BER and its slope at thresholds across each eye of channels of both designs,
// from the window that leaves unfelt offsets out and from every offset computed: ln BER within
// 1e-14 (the e^-40 of each left-out term; in practice the same bits), the slope within 1e-12 of
// its size. Offsets are left out both at the window's ends (open eyes) and in its middle (deep
// eyes, whose BER the jitter's reach to the eye's edges sets).
TEST(JitterWindow, LeavesOutOnlyWhatTheAverageCannotFeel) {
  int compared = 0, ends_left_out = 0, middle_left_out = 0;
  for (const LinkSpec& spec : designs()) {
    LinkEvaluator ev(spec);
    const int os = ev.chain().samples_per_ui();
    for (const int c : {3, 140, 333}) {
      if (ev.layout().channels[c].dead) continue;
      const StatEyeInput in = ev.eye_input(c, false);
      const auto grid = jitter_grid(in.jitter_rms_ui * os);
      const int lo = grid->m_lo() - 1;
      const int hi = grid->m_hi() + 2;
      const Phases phases = build_phases(in, os, std::max(-lo, hi));
      std::vector<double> terms(grid->size()), slopes(grid->size());
      std::vector<double> y(hi - lo + 1), dy(hi - lo + 1);
      JitterWindow window;
      for (int s = -os / 4; s <= os / 4; s += 2) {
        const auto [a, b] = amplitude_range(phases(s));
        for (int i = 4; i <= 36; i += 4) {
          const double d = a + (b - a) * i / 40.0;
          for (int m = lo; m <= hi; ++m) {
            const LogBerSlope v = log_ber_slope_without_jitter(phases(s + m), d);
            y[m - lo] = v.log_ber;
            dy[m - lo] = v.slope;
          }
          const JitterAverageSlope whole =
              jitter_average_slope(*grid, y.data() - lo, dy.data() - lo, terms, slopes);
          const auto dist_at = [&](int m) -> const PhaseDistribution& { return phases(s + m); };
          const auto value_at = [&](int m) { return log_ber_slope_without_jitter(dist_at(m), d); };
          window.fill<true>(grid, dist_at, value_at, d, terms);
          const JitterAverageSlope part =
              jitter_average_slope(*grid, window.values_at(), window.slopes_at(), terms, slopes);
          ASSERT_NEAR(part.value, whole.value, 1e-14 * std::max(1.0, std::abs(whole.value)))
              << c << " at " << s << ", " << d;
          ASSERT_NEAR(part.slope, whole.slope, 1e-12 * std::abs(whole.slope) + 1e-300)
              << c << " at " << s << ", " << d;
          std::vector<double> kept;
          window.append_computed(kept);
          for (int m = lo; m <= hi; ++m) {
            const double v = kept[m - lo];
            // What it computed is the offset's own value; what it left out is -inf in the window.
            if (!std::isnan(v)) {
              EXPECT_EQ(v, y[m - lo]);
            } else {
              EXPECT_EQ(window.values_at()[m], -std::numeric_limits<double>::infinity());
              (m == lo || m == hi ? ends_left_out : middle_left_out) += 1;
            }
          }
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(ends_left_out, 50);
  EXPECT_GT(middle_left_out, 50);
}

}  // namespace
}  // namespace mosaic::phy

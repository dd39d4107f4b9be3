// Skew of the geometric fiber: core-length mismatch, the bend across the strand and the launch
// tilt's modal delay, growing with length and with a tighter bend, and what the forwarded clock
// makes of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/array_layout.hpp"
#include "mosaic/phy/core_glass.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/fiber.hpp"

namespace mosaic::phy {
namespace {

LinkSpec geometric(double length_m, double bend_radius_m) {
  LinkSpec s = preset("800g");
  s.fiber.model = FiberModelKind::kGeometric;
  s.fiber.length_m = length_m;
  s.fiber.bend_radius_m = bend_radius_m;
  return s;
}

// Latest minus earliest live channel (s), from the array as built.
double spread_s(const LinkSpec& s) {
  const ArrayLayout a = build_array(s, fiber_response(s));
  double lo = 1e9;
  double hi = -1e9;
  for (const auto& c : a.channels) {
    if (c.dead) continue;
    lo = std::min(lo, c.skew_s);
    hi = std::max(hi, c.skew_s);
  }
  return hi - lo;
}

TEST(FiberSkew, SpreadGrowsWithLengthAndWithATighterBend) {
  double previous = 0.0;
  for (double length : {5.0, 10.0, 20.0, 30.0, 50.0}) {
    const double s = spread_s(geometric(length, 0.0));
    EXPECT_GT(s, previous) << length;
    previous = s;
  }
  previous = spread_s(geometric(30.0, 0.0));
  for (double radius : {5.0, 1.0, 0.5, 0.2, 0.1}) {
    const double s = spread_s(geometric(30.0, radius));
    EXPECT_GT(s, previous) << radius;
    previous = s;
  }
  // The gaussian_fit model's skew does not know the length: the old behaviour, kept.
  LinkSpec fit = preset("800g");
  const double at30 = spread_s(fit);
  fit.fiber.length_m = 50.0;
  EXPECT_EQ(spread_s(fit), at30);
}

TEST(FiberSkew, BendTermIsXOverRAtTheGroupDelay) {
  // Only the bend: two channels of one row, their skew difference is N/c * f L dx / R.
  LinkSpec s = geometric(30.0, 0.5);
  s.fiber.length_mismatch_ppm = 0.0;
  s.fiber.launch_tilt_rms_deg = 0.0;
  s.fiber.bend_fraction = 0.4;
  const ArrayLayout a = build_array(s, fiber_response(s));
  const auto& first = a.channels[0];
  const auto& last = a.channels[a.cols - 1];
  const double n_group = group_index(glass_index(sellmeier_of(s.fiber.core_glass), 450e-9), 450e-9);
  const double dx = (a.cols - 1) * s.array.pitch_um * 1e-6;
  const double expected = n_group / 299792458.0 * 0.4 * 30.0 * dx / 0.5;
  EXPECT_NEAR((last.skew_s - first.skew_s) / expected, 1.0, 1e-9);
  // About 5 ps per mm of path difference (PHYSICS.md: 1 cm of mismatch is about 50 ps).
  EXPECT_NEAR(n_group / 299792458.0 * 1e-3, 5.0e-12, 0.2e-12);
  // Channels of one column share their offset: the same skew.
  EXPECT_DOUBLE_EQ(a.channels[a.cols].skew_s, first.skew_s);
}

TEST(FiberSkew, MismatchTermScalesWithLengthAndDrawsStayKeyed) {
  LinkSpec s = geometric(10.0, 0.0);
  s.fiber.launch_tilt_rms_deg = 0.0;
  const ArrayLayout a = build_array(s, fiber_response(s));
  s.fiber.length_m = 40.0;
  const ArrayLayout b = build_array(s, fiber_response(s));
  // Same seed, same draw per channel, four times the length: four times the skew, up to the
  // group delay (the same at the same wavelength).
  for (int i : {0, 17, 233})
    EXPECT_NEAR(b.channels[i].skew_s / a.channels[i].skew_s, 4.0, 1e-9) << i;
  // Rms over the array close to N/c * L * ppm.
  double sum2 = 0.0;
  for (const auto& c : b.channels) sum2 += c.skew_s * c.skew_s;
  const double rms = std::sqrt(sum2 / b.channels.size());
  EXPECT_NEAR(rms / (5.1e-12 * 1e3 * 40.0 * 100e-6), 1.0, 0.15);
}

TEST(FiberSkew, ForwardedClockSeesTheBendCdrDoesNot) {
  // A forwarded clock samples a whole row at one instant: the bend's skew across the row costs
  // it; a per-channel CDR re-centres each channel and barely notices.
  auto worst = [](double radius, ClockMode clock) {
    LinkSpec s = preset("prototype");
    s.fiber.model = FiberModelKind::kGeometric;
    s.fiber.launch_na = 0.05;
    s.fiber.length_m = 20.0;
    s.fiber.bend_radius_m = radius;
    s.rx.clock = clock;
    EvalOptions o;
    o.bathtubs = false;
    o.eye_heights = false;
    const PhyResult r = evaluate(s, o);
    double w = -1e9;
    for (const auto& c : r.channels) w = std::max(w, c.log10_ber);
    return std::pair{w, r.skew_group_spread_ui};
  };
  const auto [cdr_straight, g0] = worst(0.0, ClockMode::kCdr);
  const auto [cdr_bent, g1] = worst(0.05, ClockMode::kCdr);
  const auto [fwd_straight, g2] = worst(0.0, ClockMode::kForwardedClock);
  const auto [fwd_bent, g3] = worst(0.05, ClockMode::kForwardedClock);
  EXPECT_GT(g1, g0 + 0.2);  // the bend spreads a row by more than 0.2 UI
  EXPECT_EQ(g2, g0);
  EXPECT_NEAR(cdr_bent, cdr_straight, 0.5);
  EXPECT_GT(fwd_bent, fwd_straight + 1.0);
  EXPECT_GT(fwd_bent, cdr_bent + 1.0);
}

}  // namespace
}  // namespace mosaic::phy

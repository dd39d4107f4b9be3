// Modal dispersion of the geometric fiber: the phase-space mode calculation against the documented
// closed forms (step index: dT / sqrt(12); graded: Olshansky and Keck's rms for equally excited
// modes), the launch NA's restriction, and mode coupling's sqrt(L).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/core_glass.hpp"
#include "mosaic/phy/fiber.hpp"
#include "mosaic/phy/modal_delay.hpp"

namespace mosaic::phy {
namespace {

constexpr double kC = 299792458.0;

// The stated core: 3 um, NA 0.3, 13.5 mol% GeO2, at 450 nm; no chromatic spread, no coupling.
LinkSpec stated_core(double launch_na, double length_m) {
  LinkSpec s = preset("800g");
  s.fiber.model = FiberModelKind::kGeometric;
  s.fiber.core_diameter_um = 3.0;
  s.fiber.core_na = 0.3;
  s.fiber.core_glass = CoreGlass::kGeo2Silica;
  s.fiber.launch_na = launch_na;
  s.fiber.length_m = length_m;
  s.fiber.mode_coupling_length_m = 1e6;
  s.fiber.chromatic_dispersion = false;
  return s;
}

CoreGeometry core_of(const LinkSpec& s) {
  const GlassIndex g = glass_index(sellmeier_of(s.fiber.core_glass), s.led.wavelength_nm * 1e-9);
  CoreGeometry c;
  c.radius_m = 0.5 * s.fiber.core_diameter_um * 1e-6;
  c.na = s.fiber.core_na;
  c.n1 = g.n;
  c.group_index = group_index(g, s.led.wavelength_nm * 1e-9);
  c.profile = s.fiber.profile;
  c.profile_exponent = s.fiber.profile_exponent;
  return c;
}

TEST(ModalDelay, StepIndexSpreadMatchesTheClosedFormWithin10Percent) {
  for (double launch_na : {0.1, 0.2, 0.3}) {
    const LinkSpec s = stated_core(launch_na, 30.0);
    const FiberResponse r = fiber_response(s);
    // Closed form written out here: dT = L N1 NA_L^2 / (2 n1^2 c), uniform, rms dT / sqrt(12).
    const CoreGeometry c = core_of(s);
    const double dt = 30.0 * c.group_index * launch_na * launch_na / (2.0 * c.n1 * c.n1 * kC);
    const double closed = dt / std::sqrt(12.0) * std::sqrt(1.0 / (1.0 + 30.0 / 1e6));
    EXPECT_NEAR(r.sigma_md_s / closed, 1.0, 0.10) << launch_na;
    // Beyond first order the delay grows as 1/cos: only slightly more (~1.5 Delta s_L).
    EXPECT_GT(r.sigma_md_s, closed);
    EXPECT_LT(r.sigma_md_s / closed, 1.04);
    EXPECT_NEAR(step_index_modal_rms_s(c, launch_na, 30.0) * std::sqrt(1.0 / (1.0 + 30e-6)), closed,
                1e-6 * closed);
  }
  // The stated design point in numbers: 0.2 launch NA over 30 m, about 0.4 ns rms.
  const double sigma = fiber_response(stated_core(0.2, 30.0)).sigma_md_s;
  EXPECT_GT(sigma, 380e-12);
  EXPECT_LT(sigma, 420e-12);
}

TEST(ModalDelay, TransferFunctionCarriesTheSameSpread) {
  const FiberResponse r = fiber_response(stated_core(0.2, 30.0));
  // Small-f expansion: ln|H(f)| = -(2 pi f sigma)^2 / 2 + O(f^4).
  const double f = 2e7;
  const double w = 2.0 * std::numbers::pi * f;
  const double sigma = std::sqrt(-2.0 * std::log(std::abs(r.model->transfer(f)))) / w;
  EXPECT_NEAR(sigma / r.sigma_md_s, 1.0, 0.01);
  EXPECT_NEAR(r.model->rms_spread_s(), r.sigma_s, 1e-18);
  EXPECT_NEAR(std::abs(r.model->transfer(0.0)), 1.0, 1e-12);
  // A uniform density of width dT has its first null near 1 / dT.
  const double dt = r.sigma_md_s * std::sqrt(12.0);
  EXPECT_LT(std::abs(r.model->transfer(1.0 / dt)), 0.05);
}

TEST(ModalDelay, LaunchBeyondTheCoreNaFillsEveryModeAndLosesTheRest) {
  const LinkSpec full = stated_core(0.3, 30.0);
  const LinkSpec over = stated_core(0.5, 30.0);
  const ModalDelays a = modal_delays(core_of(full), 0.3, 450e-9, 30.0);
  const ModalDelays b = modal_delays(core_of(over), 0.5, 450e-9, 30.0);
  EXPECT_NEAR(b.rms_s / a.rms_s, 1.0, 0.01);
  EXPECT_NEAR(b.guided_fraction, 0.36, 0.005);  // (0.3 / 0.5)^2 of the solid angle
  EXPECT_NEAR(a.guided_fraction, 1.0, 1e-12);
  // V number and mode count of the 3 um, NA 0.3 core at 450 nm: V = 2 pi a NA / lambda.
  EXPECT_NEAR(a.v_number, 2.0 * std::numbers::pi * 1.5e-6 * 0.3 / 450e-9, 1e-9);
  EXPECT_NEAR(a.modes, a.v_number * a.v_number / 2.0, 1e-9);
  const ModalDelays half = modal_delays(core_of(full), 0.15, 450e-9, 30.0);
  EXPECT_NEAR(half.modes_excited / a.modes_excited, 0.25, 1e-9);
  // Below the LP11 cutoff a core is single-mode: no intermodal spread.
  CoreGeometry thin = core_of(full);
  thin.radius_m = 0.4e-6;
  EXPECT_EQ(modal_delays(thin, 0.3, 450e-9, 30.0).rms_s, 0.0);
}

// Olshansky and Keck (1976): rms intermodal spread of a power-law core with every mode equally
// excited, profile dispersion neglected.
double olshansky_keck_s(const CoreGeometry& c, double length_m) {
  const double a = c.profile_exponent;
  const double delta = c.na * c.na / (2.0 * c.n1 * c.n1);
  const double c1 = (a - 2.0) / (a + 2.0);
  const double c2 = (3.0 * a - 2.0) / (2.0 * (a + 2.0));
  const double bracket =
      c1 * c1 + 4.0 * c1 * c2 * delta * (a + 1.0) / (2.0 * a + 1.0) +
      16.0 * delta * delta * c2 * c2 * (a + 1.0) * (a + 1.0) / ((5.0 * a + 2.0) * (3.0 * a + 2.0));
  return length_m * c.group_index * delta / (2.0 * kC) * (a / (a + 1.0)) *
         std::sqrt((a + 2.0) / (3.0 * a + 2.0)) * std::sqrt(bracket);
}

TEST(ModalDelay, GradedCoresMatchOlshanskyAndKeck) {
  for (double g : {2.0, 3.0, 6.0, 30.0}) {
    LinkSpec s = stated_core(0.3, 30.0);  // the launch fills every mode of the core
    s.fiber.profile = FiberProfile::kGraded;
    s.fiber.profile_exponent = g;
    const CoreGeometry c = core_of(s);
    const ModalDelays m = modal_delays(c, 0.3, 450e-9, 30.0);
    EXPECT_NEAR(m.rms_s / olshansky_keck_s(c, 30.0), 1.0, 0.03) << g;
    // Every mode of the graded core is guided only where its local NA allows: a full launch
    // loses the rest (2 / (g + 2) of the area-angle product).
    EXPECT_NEAR(m.guided_fraction, g / (g + 2.0), 0.01) << g;
  }
  // Near-parabolic cores cut the spread by orders of magnitude (here, profile dispersion aside).
  LinkSpec s = stated_core(0.3, 30.0);
  const double step = fiber_response(s).sigma_md_s;
  s.fiber.profile = FiberProfile::kGraded;
  s.fiber.profile_exponent = 2.0;
  EXPECT_LT(fiber_response(s).sigma_md_s, step / 30.0);
}

TEST(ModalDelay, ModeCouplingTurnsLinearGrowthIntoSqrtL) {
  auto sigma = [](double length_m, double coupling_m) {
    LinkSpec s = stated_core(0.2, length_m);
    s.fiber.mode_coupling_length_m = coupling_m;
    return fiber_response(s).sigma_md_s;
  };
  // Without coupling (Lc far beyond): 4x the length, 4x the spread.
  EXPECT_NEAR(sigma(40.0, 1e6) / sigma(10.0, 1e6), 4.0, 0.01);
  // Far beyond Lc = 0.5 m: 4x the length, 2x the spread (sqrt(L Lc)).
  EXPECT_NEAR(sigma(200.0, 0.5) / sigma(50.0, 0.5), 2.0, 0.02);
  // And the closed form sigma_u(L) / sqrt(1 + L / Lc) in between.
  EXPECT_NEAR(sigma(20.0, 10.0) /
                  (sigma(20.0, 1e6) / std::sqrt(1.0 + 20.0 / 10.0) * std::sqrt(1.0 + 20.0 / 1e6)),
              1.0, 1e-9);
  // The coupled response tends to a Gaussian: at the uniform density's first null it is not 0.
  LinkSpec s = stated_core(0.2, 200.0);
  s.fiber.mode_coupling_length_m = 0.5;
  const FiberResponse r = fiber_response(s);
  const double f = 1.0 / (r.sigma_md_s * std::sqrt(12.0));
  const double w = 2.0 * std::numbers::pi * f * r.sigma_md_s;
  EXPECT_NEAR(std::abs(r.model->transfer(f)), std::exp(-0.5 * w * w), 0.01);
}

}  // namespace
}  // namespace mosaic::phy

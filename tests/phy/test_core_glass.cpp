// Chromatic dispersion of the geometric fiber from its core glass: the acceptance check that
// led.wavelength_nm 405 / 450 / 520 nm gives three different D, each matching a Sellmeier
// calculation done here independently (numerical derivatives of n(lambda)) within 1 %.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/core_glass.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/fiber.hpp"
#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {
namespace {

constexpr double kC = 299792458.0;

// The published coefficients, typed again here: B_i and resonance wavelengths lambda_i in um.
struct Published {
  std::array<double, 3> b;
  std::array<double, 3> lambda_um;
};
constexpr Published kMalitsonSilica{{0.6961663, 0.4079426, 0.8974794},
                                    {0.0684043, 0.1162414, 9.896161}};
constexpr Published kFleming135Ge{{0.711040, 0.451885, 0.704048}, {0.064270, 0.129408, 9.425478}};
// Schott F2 lists C_i in um^2; their square roots.
const Published kSchottF2{
    {1.34533359, 0.209073176, 0.937357162},
    {std::sqrt(0.00997743871), std::sqrt(0.0470450767), std::sqrt(111.886764)}};

double index_of(const Published& g, double lambda_um) {
  double n2 = 1.0;
  for (int i = 0; i < 3; ++i)
    n2 +=
        g.b[i] * lambda_um * lambda_um / (lambda_um * lambda_um - g.lambda_um[i] * g.lambda_um[i]);
  return std::sqrt(n2);
}

// D = -(lambda / c) d^2n/dlambda^2 by a central difference (h = 1 nm, Richardson-extrapolated),
// in ps/(nm km).
double reference_d_ps_per_nm_km(const Published& g, double lambda_nm) {
  auto second = [&](double h_um) {
    const double l = lambda_nm * 1e-3;
    return (index_of(g, l + h_um) - 2.0 * index_of(g, l) + index_of(g, l - h_um)) / (h_um * h_um);
  };
  const double d2_per_um2 = (4.0 * second(0.0005) - second(0.001)) / 3.0;
  const double d_s_per_m2 = -(lambda_nm * 1e-9) / kC * d2_per_um2 * 1e12;
  return d_s_per_m2 * 1e6;
}

LinkSpec geometric_at(double wavelength_nm, CoreGlass glass) {
  LinkSpec s = preset("800g");
  s.fiber.model = FiberModelKind::kGeometric;
  s.fiber.core_glass = glass;
  s.led.wavelength_nm = wavelength_nm;
  return s;
}

TEST(CoreGlass, DispersionAtEachWavelengthMatchesAnIndependentSellmeierCalculation) {
  const std::array<std::pair<CoreGlass, const Published*>, 3> glasses{
      {{CoreGlass::kSilica, &kMalitsonSilica},
       {CoreGlass::kGeo2Silica, &kFleming135Ge},
       {CoreGlass::kLeadSilicate, &kSchottF2}}};
  for (const auto& [glass, published] : glasses) {
    std::array<double, 3> d{};
    int k = 0;
    for (double lambda : {405.0, 450.0, 520.0}) {
      const FiberResponse r = fiber_response(geometric_at(lambda, glass));
      const double ref = reference_d_ps_per_nm_km(*published, lambda);
      EXPECT_NEAR(r.dispersion_ps_per_nm_km / ref, 1.0, 0.01) << lambda << " nm";
      // The rms spread is |D| L sigma_lambda (the second-order term is below 0.1 % here).
      const double sigma_lambda_nm = 15.0 / (2.0 * std::sqrt(2.0 * std::log(2.0)));
      EXPECT_NEAR(r.sigma_cd_s / (std::abs(ref) * 0.03 * sigma_lambda_nm * 1e-12), 1.0, 0.01);
      d[k++] = r.dispersion_ps_per_nm_km;
    }
    // Three different dispersions: |D| falls by more than a quarter from each to the next.
    EXPECT_LT(std::abs(d[1]), 0.75 * std::abs(d[0]));
    EXPECT_LT(std::abs(d[2]), 0.75 * std::abs(d[1]));
  }
}

TEST(CoreGlass, FiguresAt450nmStandBesidePhysicsMd) {
  // PHYSICS.md: pure silica about -768 ps/(nm km) at 450 nm; doped cores -936 to -1032;
  // multicomponent glasses much more.
  const double silica =
      fiber_response(geometric_at(450.0, CoreGlass::kSilica)).dispersion_ps_per_nm_km;
  const double ge =
      fiber_response(geometric_at(450.0, CoreGlass::kGeo2Silica)).dispersion_ps_per_nm_km;
  const double f2 =
      fiber_response(geometric_at(450.0, CoreGlass::kLeadSilicate)).dispersion_ps_per_nm_km;
  EXPECT_NEAR(silica, -768.0, 2.0);
  EXPECT_GT(ge, -1032.0);
  EXPECT_LT(ge, -936.0);
  EXPECT_LT(f2, -2000.0);
  // Group index of silica at 450 nm from the same equation: flight time ~5 ps/mm.
  const GlassIndex g = glass_index(sellmeier_of(CoreGlass::kSilica), 450e-9);
  EXPECT_NEAR(group_index(g, 450e-9), 1.4997, 2e-4);
}

TEST(CoreGlass, AnalyticDerivativesAgreeWithDifferences) {
  const Sellmeier s = sellmeier_of(CoreGlass::kLeadSilicate);
  const double l = 450e-9;
  const double h = 1e-10;
  const GlassIndex g = glass_index(s, l);
  const double d1 = (glass_index(s, l + h).n - glass_index(s, l - h).n) / (2 * h);
  const double d3 =
      (glass_index(s, l + h).d2n_dlambda2 - glass_index(s, l - h).d2n_dlambda2) / (2 * h);
  EXPECT_NEAR(g.dn_dlambda / d1, 1.0, 1e-6);
  EXPECT_NEAR(g.d3n_dlambda3 / d3, 1.0, 1e-5);
  const double slope = (dispersion_s_per_m2(glass_index(s, l + h), l + h) -
                        dispersion_s_per_m2(glass_index(s, l - h), l - h)) /
                       (2 * h);
  EXPECT_NEAR(dispersion_slope_s_per_m3(g, l) / slope, 1.0, 1e-5);
}

TEST(CoreGlass, WavelengthMovesAttenuationAndResponsivityToo) {
  // Attenuation: A / lambda^4 + a constant rest, anchored at 450 nm.
  LinkSpec s = geometric_at(450.0, CoreGlass::kGeo2Silica);
  s.fiber.length_m = 50.0;
  s.fiber.core_coupling_per_m = 0.0;  // its blur (and so the collection) would follow lambda
  const double a = s.fiber.rayleigh_db_per_km_um4 * 1e-3;
  const double rest = s.fiber.attenuation_450nm_db_per_m - a / std::pow(0.45, 4);
  const double loss450 = fiber_response(s).loss_db;
  for (double lambda : {405.0, 520.0}) {
    LinkSpec t = s;
    t.led.wavelength_nm = lambda;
    const double expected = 50.0 * (a / std::pow(lambda * 1e-3, 4) - a / std::pow(0.45, 4));
    // The fiber's other losses (launch, collection) do not depend on the wavelength here.
    EXPECT_NEAR(fiber_response(t).loss_db - loss450, expected, 2e-3) << lambda;
    EXPECT_NEAR(at_case_temperature(t).rx.responsivity_a_per_w,
                s.rx.responsivity_a_per_w * lambda / 450.0, 1e-12);
  }
  EXPECT_GT(rest, 0.0);
}

TEST(CoreGlass, ThreeWavelengthsGiveThreeLinks) {
  // Through the whole chain: the worst channel's BER differs at 405, 450 and 520 nm.
  std::array<double, 3> worst{};
  int k = 0;
  for (double lambda : {405.0, 450.0, 520.0}) {
    LinkSpec s = preset("prototype");
    s.fiber.model = FiberModelKind::kGeometric;
    s.fiber.launch_na = 0.05;
    s.fiber.length_m = 30.0;
    s.led.wavelength_nm = lambda;
    EvalOptions o;
    o.bathtubs = false;
    o.eye_heights = false;
    double w = -1e9;
    for (const auto& c : evaluate(s, o).channels) w = std::max(w, c.log10_ber);
    worst[k++] = w;
  }
  // Longer wavelengths disperse less in these glasses: the BER falls.
  EXPECT_GT(worst[0], worst[1] + 0.5);
  EXPECT_GT(worst[1], worst[2] + 0.5);
}

}  // namespace
}  // namespace mosaic::phy

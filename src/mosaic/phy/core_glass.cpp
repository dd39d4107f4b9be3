#include "mosaic/phy/core_glass.hpp"

#include <cmath>

#include "mosaic/core/units.hpp"

namespace mosaic::phy {

Sellmeier sellmeier_of(CoreGlass glass) {
  switch (glass) {
    case CoreGlass::kSilica:
      // Malitson (1965), fused silica at 20 degC; resonances at 0.068, 0.116 and 9.90 um.
      return {{0.6961663, 0.4079426, 0.8974794},
              {0.0684043 * 0.0684043, 0.1162414 * 0.1162414, 9.896161 * 9.896161}};
    case CoreGlass::kGeo2Silica:
      // Fleming (1978), 13.5 mol% GeO2 in SiO2.
      return {{0.711040, 0.451885, 0.704048},
              {0.064270 * 0.064270, 0.129408 * 0.129408, 9.425478 * 9.425478}};
    case CoreGlass::kLeadSilicate:
      // Schott F2, a lead-silicate flint of the class used for the cores of multicomponent
      // imaging bundles (Schott optical glass catalogue).
      return {{1.34533359, 0.209073176, 0.937357162}, {0.00997743871, 0.0470450767, 111.886764}};
  }
  return sellmeier_of(CoreGlass::kSilica);
}

std::string_view sellmeier_source(CoreGlass glass) {
  switch (glass) {
    case CoreGlass::kSilica:
      return "fused silica, Malitson 1965";
    case CoreGlass::kGeo2Silica:
      return "13.5 mol% GeO2-SiO2, Fleming 1978";
    case CoreGlass::kLeadSilicate:
      return "lead-silicate flint Schott F2, Schott catalogue";
  }
  return "?";
}

GlassIndex glass_index(const Sellmeier& s, double wavelength_m) {
  // Work in um, where the coefficients live, then convert the derivatives to per metre.
  // With x = lambda^2, each term is B x / (x - C); its x-derivatives are closed forms, and
  // d/dlambda = 2 lambda d/dx.
  const double l = wavelength_m * 1e6;
  const double x = l * l;
  double f = 1.0;   // n^2
  double f1 = 0.0;  // d(n^2)/dx
  double f2 = 0.0;
  double f3 = 0.0;
  for (int i = 0; i < 3; ++i) {
    const double b = s.b[i];
    const double c = s.c_um2[i];
    const double d = x - c;
    f += b * x / d;
    f1 += -b * c / (d * d);
    f2 += 2.0 * b * c / (d * d * d);
    f3 += -6.0 * b * c / (d * d * d * d);
  }
  // m(lambda) = n^2 as a function of lambda: m' = 2 l f1, m'' = 2 f1 + 4 x f2,
  // m''' = 12 l f2 + 8 l x f3.
  const double m1 = 2.0 * l * f1;
  const double m2 = 2.0 * f1 + 4.0 * x * f2;
  const double m3 = 12.0 * l * f2 + 8.0 * l * x * f3;
  // n = sqrt(m): n' = m'/(2n), n'' = (m'' - 2 n'^2)/(2n), n''' = (m''' - 6 n' n'')/(2n).
  GlassIndex g;
  g.n = std::sqrt(f);
  const double n1 = m1 / (2.0 * g.n);
  const double n2 = (m2 - 2.0 * n1 * n1) / (2.0 * g.n);
  const double n3 = (m3 - 6.0 * n1 * n2) / (2.0 * g.n);
  g.dn_dlambda = n1 * 1e6;
  g.d2n_dlambda2 = n2 * 1e12;
  g.d3n_dlambda3 = n3 * 1e18;
  return g;
}

double group_index(const GlassIndex& g, double wavelength_m) {
  return g.n - wavelength_m * g.dn_dlambda;
}

double dispersion_s_per_m2(const GlassIndex& g, double wavelength_m) {
  return -wavelength_m / units::kSpeedOfLight_m_per_s * g.d2n_dlambda2;
}

double dispersion_slope_s_per_m3(const GlassIndex& g, double wavelength_m) {
  // d/dlambda of -(lambda/c) n'' = -(n'' + lambda n''') / c.
  return -(g.d2n_dlambda2 + wavelength_m * g.d3n_dlambda3) / units::kSpeedOfLight_m_per_s;
}

}  // namespace mosaic::phy

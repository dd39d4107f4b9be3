#pragma once

#include <array>
#include <string_view>

#include "mosaic/core/design/phy_spec.hpp"

namespace mosaic::phy {

// A glass's refractive index from its three-term Sellmeier equation,
//   n^2(lambda) = 1 + sum_i B_i lambda^2 / (lambda^2 - C_i),   lambda in um, C_i in um^2,
// and what a fiber needs from it. Wavelengths are in metres at the interface (SI inside).
struct Sellmeier {
  std::array<double, 3> b{};
  std::array<double, 3> c_um2{};
};

// The coefficients of fiber.core_glass (sources in docs/physics.md) and the name of the source.
Sellmeier sellmeier_of(CoreGlass glass);
std::string_view sellmeier_source(CoreGlass glass);

// Index and its first three wavelength derivatives at one wavelength, per metre^k.
struct GlassIndex {
  double n = 0.0;
  double dn_dlambda = 0.0;    // 1/m
  double d2n_dlambda2 = 0.0;  // 1/m^2
  double d3n_dlambda3 = 0.0;  // 1/m^3
};
GlassIndex glass_index(const Sellmeier& s, double wavelength_m);

// Group index N = n - lambda dn/dlambda: what sets the flight time per metre (L N / c).
double group_index(const GlassIndex& g, double wavelength_m);
// Chromatic (material) dispersion D = -(lambda / c) d^2n/dlambda^2, in s/m^2 (1 ps/(nm km) is
// 1e-6 s/m^2), and its slope dD/dlambda in s/m^3.
double dispersion_s_per_m2(const GlassIndex& g, double wavelength_m);
double dispersion_slope_s_per_m3(const GlassIndex& g, double wavelength_m);

}  // namespace mosaic::phy

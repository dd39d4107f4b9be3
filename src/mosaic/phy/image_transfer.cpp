#include "mosaic/phy/image_transfer.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mosaic::phy {
namespace {

constexpr double kReferenceWavelengthM = 450e-9;

double normal_cdf(double x) {
  return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

// Decay constant of the excited modes' field outside a core (1/m).
double evanescent_decay_per_m(const ImageGeometry& g, double wavelength_m) {
  const double q = std::clamp(g.mean_mode_q, 0.0, 1.0);
  return 2.0 * std::numbers::pi / wavelength_m * g.core_na * std::sqrt(1.0 - q);
}

}  // namespace

ImageTransfer image_transfer(const ImageGeometry& g) {
  ImageTransfer t;
  const double gamma = evanescent_decay_per_m(g, g.wavelength_m);
  const double gamma_ref = evanescent_decay_per_m(g, kReferenceWavelengthM);
  const double gap = std::max(0.0, g.core_pitch_m - 2.0 * g.core_radius_m);
  // Longer wavelengths reach further into the cladding (smaller gamma): more coupling.
  t.coupling_per_m = g.coupling_450_per_m * std::exp(-2.0 * gap * (gamma - gamma_ref));
  const double sigma_spot = g.spot_diameter_m / 4.0;
  const double var_cells = 5.0 * g.core_pitch_m * g.core_pitch_m / 72.0;
  const double near_radius = g.core_radius_m + 1.0 / gamma;
  const double var_near = near_radius * near_radius / 4.0;
  const double var_coupling = 3.0 * t.coupling_per_m * g.core_pitch_m * g.core_pitch_m * g.length_m;
  t.sigma_coupling_m = std::sqrt(var_coupling);
  t.sigma_m = std::sqrt(sigma_spot * sigma_spot + var_cells + var_near + var_coupling);
  const double cell_area = std::sqrt(3.0) / 2.0 * g.core_pitch_m * g.core_pitch_m;
  t.cores_per_spot = std::numbers::pi * g.spot_diameter_m * g.spot_diameter_m / 4.0 / cell_area;
  // Per axis, the share of a Gaussian of rms sigma on a photodiode of half-side w centred at 0
  // (own) and at one pitch (neighbour); the 2-D shares are products.
  const double w = 0.5 * g.photodiode_fill * g.pixel_pitch_m;
  const double p = g.pixel_pitch_m;
  const double s = t.sigma_m;
  const double own = normal_cdf(w / s) - normal_cdf(-w / s);
  // The neighbour's share from the far tail, as a difference of upper tails (no cancellation).
  const double next = 0.5 * std::erfc((p - w) / s / std::numbers::sqrt2) -
                      0.5 * std::erfc((p + w) / s / std::numbers::sqrt2);
  t.own_fraction = own * own;
  t.kappa_adjacent = next / own;
  t.kappa_diagonal = (next / own) * (next / own);
  return t;
}

}  // namespace mosaic::phy

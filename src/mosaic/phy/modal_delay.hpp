#pragma once

#include <vector>

#include "mosaic/core/design/phy_spec.hpp"

namespace mosaic::phy {

// One core of the imaging fiber, as the modal calculation sees it (SI units).
struct CoreGeometry {
  double radius_m = 0.0;
  double na = 0.0;           // sqrt(n1^2 - n_clad^2) on the axis
  double n1 = 0.0;           // core index on the axis, at the centre wavelength
  double group_index = 0.0;  // N1 = n1 - lambda dn1/dlambda
  FiberProfile profile = FiberProfile::kStep;
  double profile_exponent = 2.0;  // g, graded only
};

// The intermodal delays of one core over one length without mode coupling, from a phase-space
// (ray / WKB) calculation: the launch fills the core's area uniformly and its solid angle
// uniformly up to launch_na; a ray at normalised radius rho = r/a and external angle theta
// belongs to the mode group q = rho^g + (sin theta / NA)^2 (g -> infinity: step), guided while
// q <= 1, and arrives (Gloge and Marcatili, 1973) at
//   tau(q) = L N1 / c * [1 + c1 Delta q + c2 Delta^2 q^2],  Delta = NA^2 / (2 n1^2),
//   c1 = (g - 2) / (g + 2),  c2 = (3g - 2) / (2 (g + 2))   (step: c1 = 1, c2 = 3/2).
// The delay density is kept as a histogram of equal-width bins, each uniform within its width:
// its transfer function is exact for that density.
struct ModalDelays {
  double v_number = 0.0;         // V = 2 pi a NA / lambda
  double modes = 0.0;            // guided modes (both polarisations): g/(g+2) V^2 / 2
  double modes_excited = 0.0;    // those the launch fills
  double guided_fraction = 1.0;  // launched power the core guides (the rest refracts out)
  double mean_q = 0.0;           // mean mode group q of the guided launched light
  double first_bin_s = 0.0;      // centre of the first bin, relative to the mean delay
  double bin_width_s = 0.0;      // 0: a single mode (no intermodal spread)
  std::vector<double> weight;    // power in each bin, summing to 1
  double rms_s = 0.0;            // rms of the histogram density
};

ModalDelays modal_delays(const CoreGeometry& core, double launch_na, double wavelength_m,
                         double length_m);

// c1 of tau(q) above: the delay per unit q, to first order in Delta, is c1 Delta L N1 / c.
double modal_first_order_coefficient(const CoreGeometry& core);

// The documented closed form it is checked against: a step-index core whose launch fills the
// angles up to NA_L' = min(launch_na, NA) uniformly spreads the delays uniformly over
// dT = L N1 NA_L'^2 / (2 n1^2 c), so sigma = dT / sqrt(12) (first order in Delta).
double step_index_modal_rms_s(const CoreGeometry& core, double launch_na, double length_m);

}  // namespace mosaic::phy

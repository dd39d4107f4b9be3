#pragma once

#include <memory>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/phy/fiber_model.hpp"

namespace mosaic::phy {

// How each channel's arrival time follows from its place in the array and its own draws (one
// RngPurpose::kSkew stream per channel):
//   skew = random_rms_s * n0 + bend_s_per_m * x + tilt_s_per_rad2 * (tx^2 + ty^2),
// n0 a standard normal, x the channel's offset across the strand in the bend plane (m), tx, ty
// its launch tilt per axis (normal, rms tilt_rms_rad; drawn only when that is not 0).
struct SkewLaw {
  double random_rms_s = 0.0;
  double bend_s_per_m = 0.0;
  double tilt_s_per_rad2 = 0.0;
  double tilt_rms_rad = 0.0;
};
double channel_skew_s(const SkewLaw& law, double offset_m, Rng& draws);

// The imaging fiber over one length (PHYSICS.md section 3), as the array and the chain use it.
struct FiberResponse {
  double sigma_cd_s = 0.0;      // rms chromatic spread
  double sigma_md_s = 0.0;      // rms modal spread
  double sigma_s = 0.0;         // total rms of the impulse response (the model's rms spread)
  double loss_db = 0.0;         // every loss the fiber model charges over the length
  double kappa_adjacent = 0.0;  // power fraction from each edge neighbour
  double kappa_diagonal = 0.0;  // power fraction from each diagonal neighbour
  double latency_s = 0.0;
  double dispersion_ps_per_nm_km = 0.0;  // D at the centre wavelength the model ran at
  SkewLaw skew;
  std::shared_ptr<const FiberModel> model;  // the response the chain runs
  std::vector<std::string> assumptions;     // what the model took as given, for the record
};

// sigma_lambda is the source's rms spectral width: FWHM / (2 sqrt(2 ln 2)) for a Gaussian.
double rms_spectral_width_nm(double fwhm_nm);

// The fiber of `spec` (already at its case temperature: at_case_temperature), by fiber.model:
// the one place that chooses the fiber physics.
FiberResponse fiber_response(const LinkSpec& spec);

// The variants (one file each).
FiberResponse gaussian_fit_fiber_response(const LinkSpec& spec);
FiberResponse geometric_fiber_response(const LinkSpec& spec);

}  // namespace mosaic::phy

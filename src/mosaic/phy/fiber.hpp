#pragma once

#include <memory>

#include "mosaic/core/design/phy_spec.hpp"
#include "mosaic/phy/fiber_model.hpp"

namespace mosaic::phy {

// Dispersion and crosstalk of the imaging fiber for one length (PHYSICS.md section 3).
struct FiberResponse {
  double sigma_cd_s = 0.0;      // rms chromatic spread, |D| L sigma_lambda
  double sigma_md_s = 0.0;      // rms modal spread, k L^gamma
  double sigma_s = 0.0;         // total rms of the impulse response (the model's rms spread)
  double loss_db = 0.0;         // attenuation over the length
  double kappa_adjacent = 0.0;  // power fraction from each edge neighbour
  double kappa_diagonal = 0.0;  // power fraction from each diagonal neighbour
  double latency_s = 0.0;
  std::shared_ptr<const FiberModel> model;  // fiber.model: the response the chain runs
};

// sigma_lambda is the source's rms spectral width: FWHM / (2 sqrt(2 ln 2)) for a Gaussian.
double rms_spectral_width_nm(double fwhm_nm);
FiberResponse fiber_response(const FiberSpec& fiber, double fwhm_nm);

}  // namespace mosaic::phy

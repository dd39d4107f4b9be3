#include "mosaic/phy/fiber.hpp"

#include <cmath>
#include <numbers>

namespace mosaic::phy {

double rms_spectral_width_nm(double fwhm_nm) {
  return fwhm_nm / (2.0 * std::sqrt(2.0 * std::numbers::ln2));
}

FiberResponse fiber_response(const FiberSpec& fiber, double fwhm_nm) {
  FiberResponse r;
  const double length_km = fiber.length_m * 1e-3;
  if (fiber.chromatic_dispersion)
    r.sigma_cd_s = std::abs(fiber.dispersion_ps_per_nm_km) * length_km *
                   rms_spectral_width_nm(fwhm_nm) * 1e-12;
  if (fiber.modal_dispersion && fiber.length_m > 0.0)
    r.sigma_md_s = fiber.modal_k_ps * std::pow(fiber.length_m, fiber.modal_gamma) * 1e-12;
  r.model = make_fiber_model(fiber.model, r.sigma_cd_s, r.sigma_md_s);
  r.sigma_s = r.model->rms_spread_s();
  r.loss_db = fiber.attenuation_db_per_m * fiber.length_m;
  if (fiber.crosstalk) {
    const double adjacent0 = std::pow(10.0, fiber.xt_adjacent_db / 10.0);
    const double diagonal0 = std::pow(10.0, fiber.xt_diagonal_db / 10.0);
    // Core-to-core coupling grows the leakage linearly with length; diagonal neighbours, farther
    // away, gain in the same proportion as their zero-length leakage.
    r.kappa_adjacent = adjacent0 + fiber.xt_growth_per_m * fiber.length_m;
    r.kappa_diagonal = diagonal0 + fiber.xt_growth_per_m * fiber.length_m * diagonal0 / adjacent0;
  }
  r.latency_s = fiber.latency_ns_per_m * fiber.length_m * 1e-9;
  return r;
}

}  // namespace mosaic::phy

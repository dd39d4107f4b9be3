#include <cmath>
#include <string>

#include "mosaic/phy/fiber.hpp"

namespace mosaic::phy {

// fiber.model = gaussian_fit: fitted spreads (|D| L sigma_lambda with D a key, k L^gamma), fixed
// crosstalk keys growing linearly with length, a fixed skew rms (docs/physics.md).
FiberResponse gaussian_fit_fiber_response(const LinkSpec& spec) {
  const FiberSpec& fiber = spec.fiber;
  FiberResponse r;
  const double length_km = fiber.length_m * 1e-3;
  if (fiber.chromatic_dispersion)
    r.sigma_cd_s = std::abs(fiber.dispersion_ps_per_nm_km) * length_km *
                   rms_spectral_width_nm(spec.led.fwhm_nm) * 1e-12;
  if (fiber.modal_dispersion && fiber.length_m > 0.0)
    r.sigma_md_s = fiber.modal_k_ps * std::pow(fiber.length_m, fiber.modal_gamma) * 1e-12;
  r.model = make_gaussian_fiber(std::hypot(r.sigma_cd_s, r.sigma_md_s));
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
  r.dispersion_ps_per_nm_km = fiber.dispersion_ps_per_nm_km;
  r.skew.random_rms_s = fiber.skew_rms_ps * 1e-12;
  r.assumptions = {
      "Crosstalk is incoherent power leakage from the 8 nearest neighbours (no beat "
      "noise); it grows linearly with fiber length",
      "Fiber impulse response (gaussian_fit): chromatic (|D| L sigma_lambda) and modal "
      "(k L^gamma) spreads add in quadrature"};
  return r;
}

}  // namespace mosaic::phy

#include "mosaic/phy/fiber.hpp"

#include <cmath>
#include <numbers>

namespace mosaic::phy {

double rms_spectral_width_nm(double fwhm_nm) {
  return fwhm_nm / (2.0 * std::sqrt(2.0 * std::numbers::ln2));
}

double channel_skew_s(const SkewLaw& law, double offset_m, Rng& draws) {
  double skew = law.random_rms_s * draws.normal();
  // Terms that are off add nothing, not even a signed zero: a model without them keeps its bits.
  if (law.bend_s_per_m != 0.0) skew += law.bend_s_per_m * offset_m;
  if (law.tilt_rms_rad > 0.0) {
    const double tx = law.tilt_rms_rad * draws.normal();
    const double ty = law.tilt_rms_rad * draws.normal();
    skew += law.tilt_s_per_rad2 * (tx * tx + ty * ty);
  }
  return skew;
}

FiberResponse fiber_response(const LinkSpec& spec) {
  switch (spec.fiber.model) {
    case FiberModelKind::kGaussianFit:
      return gaussian_fit_fiber_response(spec);
    case FiberModelKind::kGeometric:
      return geometric_fiber_response(spec);
  }
  return gaussian_fit_fiber_response(spec);
}

}  // namespace mosaic::phy

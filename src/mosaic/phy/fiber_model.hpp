#pragma once

#include <complex>
#include <memory>

#include "mosaic/core/design/phy_spec.hpp"

namespace mosaic::phy {

// The fiber's linear response, the one seam both the statistical eye (ChainModel) and the Monte
// Carlo engine read it through. A new fiber type is one file implementing this plus one value of
// FiberModelKind (and its name in enum_names.hpp).
class FiberModel {
 public:
  virtual ~FiberModel() = default;
  // Transfer function at f >= 0, unit DC gain; zero-phase parts are centred (non-causal).
  virtual std::complex<double> transfer(double f_hz) const = 0;
  // Rms width of the impulse response: sizes the pulse window and the precursor room.
  virtual double rms_spread_s() const = 0;
};

// fiber.model = gaussian: exp(-(2 pi f sigma)^2 / 2), sigma the quadrature sum of the chromatic
// and modal spreads.
std::unique_ptr<FiberModel> make_gaussian_fiber(double sigma_s);

// The model named by `kind` for a fiber whose rms spreads are already resolved.
std::shared_ptr<const FiberModel> make_fiber_model(FiberModelKind kind, double sigma_cd_s,
                                                   double sigma_md_s);

}  // namespace mosaic::phy

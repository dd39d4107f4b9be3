#pragma once

#include <complex>
#include <memory>

#include "mosaic/phy/modal_delay.hpp"

namespace mosaic::phy {

// The fiber's linear response, the one seam both the statistical eye (ChainModel) and the Monte
// Carlo engine read it through. Built by the fiber model that fiber.model names (fiber.hpp:
// fiber_response is the one place that chooses); a new fiber type is one response function plus
// one value of FiberModelKind (and its name in enum_names.hpp).
class FiberModel {
 public:
  virtual ~FiberModel() = default;
  // Transfer function at f >= 0, unit DC gain; zero-phase parts are centred (non-causal).
  virtual std::complex<double> transfer(double f_hz) const = 0;
  // Rms width of the impulse response: sizes the pulse window and the precursor room.
  virtual double rms_spread_s() const = 0;
};

// exp(-(2 pi f sigma)^2 / 2): fiber.model = gaussian_fit, sigma the quadrature sum of its
// chromatic and modal spreads.
std::unique_ptr<FiberModel> make_gaussian_fiber(double sigma_s);

// fiber.model = geometric: a Gaussian of rms sigma_gaussian_s (chromatic spread and the part of
// the modal spread that mode coupling has made Gaussian) times the uncoupled intermodal delay
// density of `delays`, its deviations from the mean scaled by `compress` (0..1).
std::unique_ptr<FiberModel> make_modal_fiber(double sigma_gaussian_s, const ModalDelays& delays,
                                             double compress);

}  // namespace mosaic::phy

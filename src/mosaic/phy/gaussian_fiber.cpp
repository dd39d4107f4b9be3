#include <cmath>
#include <numbers>

#include "mosaic/phy/fiber_model.hpp"

namespace mosaic::phy {
namespace {

class GaussianFiber final : public FiberModel {
 public:
  explicit GaussianFiber(double sigma_s) : sigma_s_(sigma_s) {}
  std::complex<double> transfer(double f_hz) const override {
    const double w = 2.0 * std::numbers::pi * f_hz * sigma_s_;
    return std::exp(-0.5 * w * w);
  }
  double rms_spread_s() const override { return sigma_s_; }

 private:
  double sigma_s_;
};

}  // namespace

std::unique_ptr<FiberModel> make_gaussian_fiber(double sigma_s) {
  return std::make_unique<GaussianFiber>(sigma_s);
}

}  // namespace mosaic::phy

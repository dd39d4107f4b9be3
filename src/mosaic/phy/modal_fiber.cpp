#include <cmath>
#include <numbers>
#include <vector>

#include "mosaic/phy/fiber_model.hpp"

namespace mosaic::phy {
namespace {

// Gaussian x histogram density, each bin uniform over its width: the bins share one sinc and
// each adds its own delay phase.
class ModalFiber final : public FiberModel {
 public:
  ModalFiber(double sigma_gaussian_s, const ModalDelays& d, double compress)
      : sigma_g_(sigma_gaussian_s), width_s_(d.bin_width_s * compress), weight_(d.weight) {
    centre_s_.resize(weight_.size());
    double var = width_s_ * width_s_ / 12.0;
    for (std::size_t b = 0; b < weight_.size(); ++b) {
      centre_s_[b] = (d.first_bin_s + static_cast<double>(b) * d.bin_width_s) * compress;
      var += weight_[b] * centre_s_[b] * centre_s_[b];
    }
    rms_s_ = std::sqrt(sigma_g_ * sigma_g_ + var);
  }

  std::complex<double> transfer(double f_hz) const override {
    const double w = 2.0 * std::numbers::pi * f_hz;
    const double g = std::exp(-0.5 * (w * sigma_g_) * (w * sigma_g_));
    if (width_s_ == 0.0 && weight_.size() == 1) return g;
    const double x = 0.5 * w * width_s_;
    const double sinc = x == 0.0 ? 1.0 : std::sin(x) / x;
    std::complex<double> sum = 0.0;
    for (std::size_t b = 0; b < weight_.size(); ++b)
      sum += weight_[b] * std::polar(1.0, -w * centre_s_[b]);
    return g * sinc * sum;
  }
  double rms_spread_s() const override { return rms_s_; }

 private:
  double sigma_g_;
  double width_s_;
  std::vector<double> weight_;
  std::vector<double> centre_s_;
  double rms_s_ = 0.0;
};

}  // namespace

std::unique_ptr<FiberModel> make_modal_fiber(double sigma_gaussian_s, const ModalDelays& delays,
                                             double compress) {
  return std::make_unique<ModalFiber>(sigma_gaussian_s, delays, compress);
}

}  // namespace mosaic::phy

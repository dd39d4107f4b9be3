#include <cmath>
#include <numbers>

#include "mosaic/phy/lowpass.hpp"

namespace mosaic::phy {
namespace {

class GaussianLowPass final : public LowPass {
  // |H|^2 = exp(-ln2 x^2) is 1/2 at x = 1.
  std::complex<double> normalised(double x) const override {
    return std::exp(-0.5 * std::numbers::ln2 * x * x);
  }
  // exp(-(2 pi f sigma)^2 / 2) with sigma = sqrt(ln2) / (2 pi f3db).
  double zero_phase_rms(double f3db_hz) const override {
    return std::sqrt(std::numbers::ln2) / (2.0 * std::numbers::pi * f3db_hz);
  }
  bool is_rational() const override { return false; }
  std::vector<AnalogSection> sections() const override { return {}; }
};

}  // namespace

std::unique_ptr<LowPass> make_gaussian_lowpass() {
  return std::make_unique<GaussianLowPass>();
}

}  // namespace mosaic::phy

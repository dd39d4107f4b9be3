#include <numbers>

#include "mosaic/phy/lowpass.hpp"

namespace mosaic::phy {
namespace {

class Butterworth2LowPass final : public LowPass {
  std::complex<double> normalised(double x) const override {
    return 1.0 / std::complex<double>(1.0 - x * x, std::numbers::sqrt2 * x);
  }
  std::vector<AnalogSection> sections() const override {
    return {{{1, 0, 0}, {1, std::numbers::sqrt2, 1}}};
  }
};

}  // namespace

std::unique_ptr<LowPass> make_butterworth2_lowpass() {
  return std::make_unique<Butterworth2LowPass>();
}

}  // namespace mosaic::phy

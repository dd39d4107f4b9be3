#include "mosaic/phy/lowpass.hpp"

namespace mosaic::phy {
namespace {

class FirstOrderLowPass final : public LowPass {
  std::complex<double> normalised(double x) const override {
    return 1.0 / std::complex<double>(1.0, x);
  }
  std::vector<AnalogSection> sections() const override { return {{{1, 0, 0}, {1, 1, 0}}}; }
};

}  // namespace

std::unique_ptr<LowPass> make_first_order_lowpass() {
  return std::make_unique<FirstOrderLowPass>();
}

}  // namespace mosaic::phy

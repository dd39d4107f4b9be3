#include "mosaic/phy/lowpass.hpp"

namespace mosaic::phy {
namespace {

class IdealLowPass final : public LowPass {
  std::complex<double> normalised(double) const override { return 1.0; }
  bool is_pass_through() const override { return true; }
  std::vector<AnalogSection> sections() const override { return {}; }
};

}  // namespace

std::unique_ptr<LowPass> make_ideal_lowpass() {
  return std::make_unique<IdealLowPass>();
}

}  // namespace mosaic::phy

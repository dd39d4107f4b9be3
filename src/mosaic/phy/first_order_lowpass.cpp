#include <cmath>

#include "mosaic/phy/lowpass.hpp"
#include "mosaic/phy/pulse_kernels.hpp"

namespace mosaic::phy {
namespace {

class FirstOrderLowPass final : public LowPass {
  // 1 / (1 + j x) by Smith's method, the operations the complex division runs for this
  // numerator (the same bits, tested), without its call: a pulse response evaluates it at
  // every bin for every channel.
  std::complex<double> normalised(double x) const override {
    if (std::abs(x) <= 1.0) {
      const double denominator = x * x + 1.0;
      return {1.0 / denominator, (0.0 - x) / denominator};
    }
    const double ratio = 1.0 / x;
    const double denominator = ratio + x;
    return {ratio / denominator, -1.0 / denominator};
  }
  void normalised_bins(double f3db_hz, double df_hz, int count,
                       std::complex<double>* out) const override {
    kernels::first_order_bins(f3db_hz, df_hz, count, out);
  }
  std::vector<AnalogSection> sections() const override { return {{{1, 0, 0}, {1, 1, 0}}}; }
};

}  // namespace

std::unique_ptr<LowPass> make_first_order_lowpass() {
  return std::make_unique<FirstOrderLowPass>();
}

}  // namespace mosaic::phy

#include "mosaic/phy/led_response.hpp"
#include "mosaic/phy/lowpass.hpp"

namespace mosaic::phy {
namespace {

class LinearLed final : public LedResponse {
 public:
  explicit LinearLed(const LedSpec& led)
      : shape_(make_lowpass(led.filter)), f3db_hz_(led.f3db_ghz * 1e9) {}

 private:
  double f3db_hz() const override { return f3db_hz_; }
  std::complex<double> small_signal(double f3db_hz, double f_hz) const override {
    return shape_->response(f3db_hz, f_hz);
  }
  double zero_phase_rms(double f3db_hz) const override { return shape_->zero_phase_rms_s(f3db_hz); }
  bool is_linear() const override { return true; }

  std::shared_ptr<const LowPass> shape_;
  double f3db_hz_;
};

}  // namespace

std::unique_ptr<LedResponse> make_linear_led_response(const LedSpec& led) {
  return std::make_unique<LinearLed>(led);
}

}  // namespace mosaic::phy

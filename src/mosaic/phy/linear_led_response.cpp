#include "mosaic/phy/led_response.hpp"
#include "mosaic/phy/lowpass.hpp"
#include "mosaic/phy/mc/fir_transmitter.hpp"

namespace mosaic::phy {
namespace {

class LinearLed final : public LedResponse {
 public:
  explicit LinearLed(const LedSpec& led)
      : LedResponse(led_drive(led, led.f3db_ghz * 1e9)),
        shape_(make_lowpass(led.filter)),
        f3db_hz_(led.f3db_ghz * 1e9),
        pre_emphasis_(led.pre_emphasis) {}

 private:
  double f3db_hz() const override { return f3db_hz_; }
  std::complex<double> small_signal(double f3db_hz, double f_hz) const override {
    return shape_->response(f3db_hz, f_hz);
  }
  void small_signal_bins(double f3db_hz, double df_hz, int count,
                         std::complex<double>* out) const override {
    shape_->responses(f3db_hz, df_hz, count, out);
  }
  double zero_phase_rms(double f3db_hz) const override { return shape_->zero_phase_rms_s(f3db_hz); }
  bool is_linear() const override { return true; }
  std::unique_ptr<mc::Transmitter> make_transmitter(
      const mc::TransmitterSetup& setup) const override {
    return mc::make_linear_transmitter(
        setup, pre_emphasis_, [&](double f) { return small_signal(setup.led_f3db_hz, f); });
  }

  std::shared_ptr<const LowPass> shape_;
  double f3db_hz_;
  double pre_emphasis_;
};

}  // namespace

std::unique_ptr<LedResponse> make_linear_led_response(const LedSpec& led) {
  return std::make_unique<LinearLed>(led);
}

}  // namespace mosaic::phy

#include "mosaic/phy/led_response.hpp"
#include "mosaic/phy/lowpass.hpp"
#include "mosaic/phy/mc/rate_equation_transmitter.hpp"
#include "mosaic/phy/rate_equation_led.hpp"

namespace mosaic::phy {
namespace {

class RateEquationLedResponse final : public LedResponse {
 public:
  explicit RateEquationLedResponse(const LedSpec& led)
      : led_(led),
        first_order_(make_lowpass(FilterShape::kFirstOrder)),
        f3db_hz_(RateEquationLed(led).small_signal_f3db_hz(led.bias_ma * 1e-3)) {}

 private:
  double f3db_hz() const override { return f3db_hz_; }
  // Linearised at the bias the rate equation is a first-order low-pass (rate_equation_led.hpp).
  std::complex<double> small_signal(double f3db_hz, double f_hz) const override {
    return first_order_->response(f3db_hz, f_hz);
  }
  double zero_phase_rms(double) const override { return 0.0; }
  bool is_linear() const override { return false; }
  std::string stat_eye_assumption() const override {
    return "Rate-equation microLED enters the statistical eye linearised at its bias "
           "(first-order, small-signal bandwidth); Monte Carlo runs it nonlinear";
  }
  std::unique_ptr<mc::Transmitter> make_transmitter(
      const mc::TransmitterSetup& setup) const override {
    return mc::make_rate_equation_transmitter(setup, led_);
  }

  LedSpec led_;
  std::shared_ptr<const LowPass> first_order_;
  double f3db_hz_;
};

}  // namespace

std::unique_ptr<LedResponse> make_rate_equation_led_response(const LedSpec& led) {
  return std::make_unique<RateEquationLedResponse>(led);
}

}  // namespace mosaic::phy

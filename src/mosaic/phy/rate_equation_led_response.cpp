#include <fmt/format.h>

#include "mosaic/phy/led_response.hpp"
#include "mosaic/phy/lowpass.hpp"
#include "mosaic/phy/mc/rate_equation_transmitter.hpp"
#include "mosaic/phy/pattern_response.hpp"
#include "mosaic/phy/rate_equation_drive.hpp"

namespace mosaic::phy {
namespace {

// The statistical eye's pattern tables: the slot light remembers kSlotBits bits, each pattern
// averaged over kHistoryBits earlier ones (docs/physics.md: the choice and its error).
constexpr int kSlotBits = 5;
constexpr int kHistoryBits = 3;

class RateEquationLedResponse final : public LedResponse {
 public:
  explicit RateEquationLedResponse(const LedSpec& led)
      : LedResponse(led_drive(led)),
        led_(led),
        first_order_(make_lowpass(FilterShape::kFirstOrder)),
        f3db_hz_(drive().f3db_hz) {}

 private:
  double f3db_hz() const override { return f3db_hz_; }
  // Linearised at the bias the rate equation is a first-order low-pass (rate_equation_led.hpp):
  // the aggressors' response in the statistical eye.
  std::complex<double> small_signal(double f3db_hz, double f_hz) const override {
    return first_order_->response(f3db_hz, f_hz);
  }
  double zero_phase_rms(double) const override { return 0.0; }
  bool is_linear() const override { return false; }
  std::string stat_eye_assumption() const override {
    return fmt::format(
        "Rate-equation microLED in the statistical eye: the victim's own signal from "
        "pattern-dependent levels, exact over {} bits (cursor, {} after it, {} before), the LED's "
        "light in each bit slot taken as a function of the last {} bits (the mean over the {} "
        "before them); bits outside that window enter by their main effect as linear taps and "
        "aggressors by the LED linearised at its bias (first order, small-signal bandwidth)",
        PatternResponse::kWindowBits, PatternResponse::kPrecursorBits,
        PatternResponse::kWindowBits - 1 - PatternResponse::kPrecursorBits, kSlotBits,
        kHistoryBits);
  }
  std::unique_ptr<mc::Transmitter> make_transmitter(
      const mc::TransmitterSetup& setup) const override {
    return mc::make_rate_equation_transmitter(setup, led_, drive());
  }
  std::shared_ptr<const SlotLight> make_slot_light(double f3db_hz, double bit_period_s,
                                                   int samples_per_ui) const override {
    const RateEquationDrive d =
        rate_equation_drive(led_, drive(), f3db_hz, bit_period_s / samples_per_ui);
    return std::make_shared<const SlotLight>(rate_equation_slot_light(
        drive_led(led_, drive()), d, samples_per_ui, kSlotBits, kHistoryBits));
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

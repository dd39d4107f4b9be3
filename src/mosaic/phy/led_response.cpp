#include "mosaic/phy/led_response.hpp"

#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {

std::shared_ptr<const LedResponse> make_led_response(const LedSpec& led) {
  switch (led.model) {
    case LedModel::kLinear:
      return make_linear_led_response(led);
    case LedModel::kRateEquation:
      return make_rate_equation_led_response(led);
  }
  return make_linear_led_response(led);
}

double nominal_led_f3db_hz(const LinkSpec& spec) {
  return make_led_response(spec.led)->small_signal_f3db_hz() *
         temperature_derating(spec).led_bandwidth_factor;
}

}  // namespace mosaic::phy

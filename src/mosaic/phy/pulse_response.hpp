#pragma once

#include <complex>
#include <memory>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/phy/fiber.hpp"
#include "mosaic/phy/led_response.hpp"
#include "mosaic/phy/receiver_filter.hpp"
#include "mosaic/phy/tap_summary.hpp"

namespace mosaic::phy {

// The sampled response of the whole chain (pre-emphasis, microLED, fiber, receiver, CTLE) to one
// isolated 1 bit, with unit DC gain: the sum of the response over all bit shifts is 1, so a level
// difference dI scales it to photocurrent.
struct PulseResponse {
  int samples_per_ui = 0;
  int span_ui = 0;
  std::vector<double> h;  // span_ui * samples_per_ui samples, cyclic
  int peak = 0;           // index of the largest sample: the main cursor's reference phase
  // Level offset, in units of dI, that keeps the pre-emphasised drive non-negative.
  double drive_offset = 0.0;
  // h regrouped by phase within the UI, by_phase[r * span_ui + j] = h[r + j * samples_per_ui]:
  // one phase's samples a UI apart side by side, as the statistical eye reads them for every
  // phase of every channel (a strided read of h missed the cache on most of them). Filled by
  // index_by_phase(); a pulse without it is read from h.
  std::vector<double> by_phase;
  // Each row of by_phase summarised (its largest taps and the sums of the others), filled with it.
  std::vector<TapSummary> tap_summaries;

  // Response at `phase_samples` from the peak plus k bits, with wrap-around.
  double at(int phase_samples, int k) const {
    const int n = static_cast<int>(h.size());
    int i = (peak + phase_samples + k * samples_per_ui) % n;
    if (i < 0) i += n;
    return h[i];
  }
};

// Fills p.by_phase and p.tap_summaries from p.h.
void index_by_phase(PulseResponse& p);

// Everything of the chain that is shared by all channels of a link; the microLED's bandwidth
// differs per channel and is applied in pulse(). Each part is its model's seam, chosen once here:
// LedResponse (led.model), FiberModel (fiber.model), ReceiverFilter (rx.filter, rx.ctle).
class ChainModel {
 public:
  ChainModel(const LinkSpec& spec, const FiberResponse& fiber, double ctle_peaking_db,
             int samples_per_ui = 16);

  PulseResponse pulse(double led_f3db_hz) const;
  // The microLED model and the receiver (TIA + CTLE at this chain's peaking) both engines run.
  const LedResponse& led() const { return *led_; }
  const ReceiverFilter& receiver() const { return *rx_; }
  // One-sided noise-equivalent bandwidth of the receiver (TIA + CTLE), in Hz, for noise injected
  // at the TIA input.
  double noise_bandwidth_hz() const { return rx_->noise_bandwidth_hz(); }
  // Integral of f^2 |H_rx(f)|^2 df (Hz^3): what an f^2 noise density integrates to (computed
  // only when rx.input_capacitance_pf > 0).
  double f2_noise_integral_hz3() const { return rx_->f2_noise_integral_hz3(); }
  // Frequency responses of the parts, unit DC gain.
  std::complex<double> led_response(double led_f3db_hz, double f_hz) const {
    return led_->transfer(led_f3db_hz, f_hz);
  }
  std::complex<double> fiber_response(double f_hz) const { return fiber_->transfer(f_hz); }
  std::complex<double> receiver_response(double f_hz) const { return rx_->response(f_hz); }
  // The chain after the LED (fiber, receiver, CTLE) as a sampled impulse response of unit DC gain,
  // placed on pulse()'s window like its responses: what a nonlinear LED's light passes through.
  // Empty for a linear LED (its pulse() carries everything).
  const std::vector<double>& downstream_response() const { return downstream_; }
  double bit_period_s() const { return bit_period_s_; }
  int samples_per_ui() const { return samples_per_ui_; }
  int span_ui() const { return span_ui_; }

 private:
  std::shared_ptr<const FiberModel> fiber_;
  std::shared_ptr<const LedResponse> led_;
  std::shared_ptr<const ReceiverFilter> rx_;
  double pre_emphasis_;
  double sigma_s_;
  double bit_period_s_;
  int samples_per_ui_;
  int span_ui_;
  std::vector<std::complex<double>> common_;  // drive pulse x fiber x receiver at each FFT bin
  std::vector<double> downstream_;
};

}  // namespace mosaic::phy

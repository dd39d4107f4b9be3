#pragma once

#include <complex>
#include <memory>
#include <string>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/phy/led_drive.hpp"
#include "mosaic/phy/led_slot_light.hpp"
#include "mosaic/phy/mc/transmitter.hpp"

namespace mosaic::phy {

// The microLED's dynamics, the one seam the statistical eye (ChainModel), the array and the Monte
// Carlo engine read them through (led.model names the kind: the enum LedModel). A variant
// overrides the private hooks; a new model is one file implementing them plus one value of
// LedModel (and its name in enum_names.hpp) and one line in make_led_response.
class LedResponse {
 public:
  virtual ~LedResponse() = default;

  // Small-signal 3 dB bandwidth (Hz) at the drive's bias and 25 degC, before the per-channel
  // spread and the temperature derating.
  double small_signal_f3db_hz() const { return f3db_hz(); }
  // Linear response at f_hz >= 0 of an LED whose bandwidth is f3db_hz, unit DC gain: what the
  // statistical eye runs for every aggressor and, for a linear model, the victim too.
  std::complex<double> transfer(double f3db_hz, double f_hz) const {
    return small_signal(f3db_hz, f_hz);
  }
  // transfer(f3db_hz, k * df_hz) for k in [0, count), bit for bit: a pulse's every bin at once.
  void transfers(double f3db_hz, double df_hz, int count, std::complex<double>* out) const {
    small_signal_bins(f3db_hz, df_hz, count, out);
  }
  // Rms width (s) of the zero-phase part of that response: the precursor room a causal engine
  // leaves for it (0 when the response is causal).
  double zero_phase_rms_s(double f3db_hz) const { return zero_phase_rms(f3db_hz); }
  // Whether the light is linear in the drive, so that bit patterns superpose: the symbol-rate
  // and importance-sampling Monte Carlo modes need it.
  bool linear() const { return is_linear(); }
  // The drive currents, voltages and powers the design's launch costs (led_drive.hpp): for a
  // model whose bandwidth is a parameter, at least the current density that bandwidth needs.
  const LedDrive& drive() const { return drive_; }
  // Whether the model's dynamics run on that drive (then the record reports it).
  bool runs_on_drive() const { return !is_linear(); }
  // What the report must say about how the statistical eye runs this model (empty: nothing).
  std::string assumption() const { return stat_eye_assumption(); }
  // The Monte Carlo waveform engine's transmitter of one channel (mc/transmitter.hpp).
  std::unique_ptr<mc::Transmitter> transmitter(const mc::TransmitterSetup& setup) const {
    return make_transmitter(setup);
  }
  // A nonlinear model's light over one bit slot for every pattern of the bits before it, at a
  // channel's bandwidth (the statistical eye's pattern-dependent levels); null for a linear
  // model, whose patterns superpose.
  std::shared_ptr<const SlotLight> slot_light(double f3db_hz, double bit_period_s,
                                              int samples_per_ui) const {
    return make_slot_light(f3db_hz, bit_period_s, samples_per_ui);
  }

 protected:
  explicit LedResponse(const LedDrive& drive) : drive_(drive) {}

 private:
  virtual double f3db_hz() const = 0;
  virtual std::complex<double> small_signal(double f3db_hz, double f_hz) const = 0;
  virtual void small_signal_bins(double f3db_hz, double df_hz, int count,
                                 std::complex<double>* out) const {
    for (int k = 0; k < count; ++k) out[k] = small_signal(f3db_hz, k * df_hz);
  }
  virtual double zero_phase_rms(double f3db_hz) const = 0;
  virtual bool is_linear() const = 0;
  virtual std::string stat_eye_assumption() const { return {}; }
  virtual std::unique_ptr<mc::Transmitter> make_transmitter(
      const mc::TransmitterSetup& setup) const = 0;
  virtual std::shared_ptr<const SlotLight> make_slot_light(double, double, int) const {
    return nullptr;
  }

  LedDrive drive_;
};

// led.model = linear: a low-pass of shape led.filter and bandwidth led.f3db_ghz; its drive pays
// for that bandwidth's current density (led_drive with required_f3db_hz).
std::unique_ptr<LedResponse> make_linear_led_response(const LedSpec& led);
// led.model = rate_equation: the ABC carrier rate equation (RateEquationLed) at the launch's drive.
std::unique_ptr<LedResponse> make_rate_equation_led_response(const LedSpec& led);

// The model named by led.model: the only place that tells the models apart.
std::shared_ptr<const LedResponse> make_led_response(const LedSpec& led);

// The LED bandwidth of the spec's model at the case temperature, before per-channel spread.
double nominal_led_f3db_hz(const LinkSpec& spec);

}  // namespace mosaic::phy

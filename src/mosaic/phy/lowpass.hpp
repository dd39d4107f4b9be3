#pragma once

#include <complex>
#include <memory>
#include <vector>

#include "mosaic/core/design/phy_spec.hpp"
#include "mosaic/phy/biquad.hpp"

namespace mosaic::phy {

// The shape of a low-pass element (a linear microLED's response, the photodiode + TIA), the seam
// behind FilterShape: each shape is one file implementing the hooks plus one value of the enum
// (and its name in enum_names.hpp), chosen once by make_lowpass.
class LowPass {
 public:
  virtual ~LowPass() = default;

  // Response at f_hz >= 0 of this shape with 3 dB bandwidth f3db_hz, unit DC gain; a zero-phase
  // shape is centred (non-causal).
  std::complex<double> response(double f3db_hz, double f_hz) const {
    return normalised(f_hz / f3db_hz);
  }
  // response(f3db_hz, k * df_hz) for k in [0, count), bit for bit: a pulse's every bin at once.
  void responses(double f3db_hz, double df_hz, int count, std::complex<double>* out) const {
    normalised_bins(f3db_hz, df_hz, count, out);
  }
  // Rms width (s) of the zero-phase part of the impulse response at f3db_hz: the precursor room a
  // causal engine leaves for it (0 for causal shapes).
  double zero_phase_rms_s(double f3db_hz) const { return zero_phase_rms(f3db_hz); }
  // An explicit pass-through: unit response at every frequency.
  bool pass_through() const { return is_pass_through(); }
  // Whether the shape has a causal recursive form (analog_sections is then exact).
  bool rational() const { return is_rational(); }
  // The analog prototype in s / (2 pi f3db), one second-order section each; empty for a
  // pass-through. Only for rational shapes.
  std::vector<AnalogSection> analog_sections() const { return sections(); }

 private:
  virtual std::complex<double> normalised(double x) const = 0;  // x = f / f3db
  virtual void normalised_bins(double f3db_hz, double df_hz, int count,
                               std::complex<double>* out) const {
    for (int k = 0; k < count; ++k) out[k] = normalised((k * df_hz) / f3db_hz);
  }
  virtual double zero_phase_rms(double /*f3db_hz*/) const { return 0.0; }
  virtual bool is_pass_through() const { return false; }
  virtual bool is_rational() const { return true; }
  virtual std::vector<AnalogSection> sections() const = 0;
};

// FilterShape::kIdeal: 1 at every frequency.
std::unique_ptr<LowPass> make_ideal_lowpass();
// FilterShape::kFirstOrder: 1 / (1 + j x).
std::unique_ptr<LowPass> make_first_order_lowpass();
// FilterShape::kGaussian: exp(-ln2 x^2 / 2), zero phase (no recursive form).
std::unique_ptr<LowPass> make_gaussian_lowpass();
// FilterShape::kButterworth2: 1 / (1 - x^2 + j sqrt2 x).
std::unique_ptr<LowPass> make_butterworth2_lowpass();

// The shape named by `shape`.
std::shared_ptr<const LowPass> make_lowpass(FilterShape shape);

}  // namespace mosaic::phy

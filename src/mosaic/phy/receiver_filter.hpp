#pragma once

#include <complex>
#include <memory>
#include <vector>

#include "mosaic/core/design/phy_spec.hpp"
#include "mosaic/phy/biquad.hpp"
#include "mosaic/phy/lowpass.hpp"

namespace mosaic::phy {

// The receiver after the photodiode: the TIA's low-pass (rx.filter, its shape chosen once) and
// the CTLE when rx.ctle is on. The one seam both engines read the receiver through: the
// statistical eye its frequency response and noise integrals (ChainModel), the Monte Carlo engine
// its second-order sections.
class ReceiverFilter {
 public:
  ReceiverFilter(const RxSpec& rx, double ctle_peaking_db);

  // Frequency response at f >= 0, unit DC gain: TIA times CTLE.
  std::complex<double> response(double f_hz) const;
  // One-sided noise-equivalent bandwidth (Hz) for white noise injected at the TIA input.
  double noise_bandwidth_hz() const { return noise_bandwidth_hz_; }
  // Integral of f^2 |H(f)|^2 df (Hz^3): what an f^2 noise density integrates to (computed only
  // when rx.input_capacitance_pf > 0; 0 otherwise).
  double f2_noise_integral_hz3() const { return f2_noise_integral_hz3_; }
  // The causal recursive form at sample rate fs_hz: the TIA's sections, then the CTLE's, each by
  // the bilinear transform prewarped at its own corner (empty for an ideal TIA without CTLE).
  // Throws ConfigError for a TIA shape without one (rx.filter = gaussian).
  std::vector<Biquad> sections(double fs_hz) const;

 private:
  std::shared_ptr<const LowPass> tia_;
  FilterShape shape_;
  double tia_f3db_hz_;
  bool ctle_;
  double ctle_peaking_db_;
  double ctle_pole_hz_;
  double ctle_zero_hz_ = 0.0;
  double noise_bandwidth_hz_ = 0.0;
  double f2_noise_integral_hz3_ = 0.0;
};

}  // namespace mosaic::phy

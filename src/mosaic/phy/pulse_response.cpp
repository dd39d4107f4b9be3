#include "mosaic/phy/pulse_response.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unsupported/Eigen/FFT>

#include "mosaic/phy/array_layout.hpp"
#include "mosaic/phy/pulse_kernels.hpp"

namespace mosaic::phy {
namespace {

int next_pow2(int x) {
  int p = 1;
  while (p < x) p <<= 1;
  return p;
}

// The FFT whose plans (twiddle factors, 2.5 % of a sweep when made again for every pulse) this
// thread keeps: the same plan makes the same bits.
Eigen::FFT<double>& this_threads_fft() {
  thread_local Eigen::FFT<double> fft;
  return fft;
}

}  // namespace

ChainModel::ChainModel(const LinkSpec& spec, const FiberResponse& fiber, double ctle_peaking_db,
                       int samples_per_ui)
    : fiber_(fiber.model ? fiber.model : make_gaussian_fiber(fiber.sigma_s)),
      led_(make_led_response(spec.led)),
      rx_(std::make_shared<const ReceiverFilter>(spec.rx, ctle_peaking_db)),
      pre_emphasis_(spec.led.pre_emphasis),
      sigma_s_(fiber_->rms_spread_s()),
      bit_period_s_(1e-9 / spec.channel.rate_gbps),
      samples_per_ui_(samples_per_ui) {
  // The window must hold the longest tail: dispersion spread and the slowest pole.
  const double slowest_f =
      std::min({nominal_led_f3db_hz(spec) * std::exp(-4 * spec.led.bandwidth_sigma),
                spec.rx.bandwidth_ghz * 1e9, spec.rx.ctle ? spec.rx.ctle_pole_ghz * 1e9 : 1e30});
  const double tau = 1.0 / (2.0 * std::numbers::pi * slowest_f);
  const double tail_s = 10.0 * sigma_s_ + 25.0 * tau;
  span_ui_ = std::clamp(next_pow2(static_cast<int>(16 + 2.0 * tail_s / bit_period_s_)), 32, 4096);

  const int n = span_ui_ * samples_per_ui_;
  std::vector<std::complex<double>> drive(n, 0.0);
  const double alpha = spec.led.pre_emphasis;
  // Pre-emphasis keeps the peak drive swing: the pulse is (rect - alpha * delayed rect)/(1+alpha).
  for (int i = 0; i < samples_per_ui_; ++i) {
    drive[i] = 1.0 / (1.0 + alpha);
    drive[i + samples_per_ui_] = -alpha / (1.0 + alpha);
  }
  Eigen::FFT<double>& fft = this_threads_fft();
  fft.fwd(common_, drive);
  const double df = 1.0 / (n * bit_period_s_ / samples_per_ui_);
  // Real responses: the value at -f is the conjugate of the one at +f, computed once for both.
  std::vector<std::complex<double>> after_led(led_->linear() ? 0 : n);
  for (int k = 0; k <= n / 2; ++k) {
    const std::complex<double> h = fiber_response(k * df) * receiver_response(k * df);
    common_[k] *= h;
    if (k > 0 && k < n - k) common_[n - k] *= std::conj(h);
    if (!after_led.empty()) {
      after_led[k] = h;
      if (k > 0 && k < n - k) after_led[n - k] = std::conj(h);
    }
  }
  if (!after_led.empty()) {
    std::vector<std::complex<double>> time;
    fft.inv(time, after_led);
    downstream_.resize(n);
    const int shift = (span_ui_ / 4) * samples_per_ui_;  // as pulse() places its responses
    for (int i = 0; i < n; ++i) downstream_[(i + shift) % n] = time[i].real();
  }
}

PulseResponse ChainModel::pulse(double led_f3db_hz) const {
  const int n = span_ui_ * samples_per_ui_;
  // Buffers this thread keeps: a link asks for one pulse per channel.
  thread_local std::vector<std::complex<double>> spectrum;
  thread_local std::vector<double> time;
  thread_local std::vector<std::complex<double>> led;
  spectrum.resize(n);
  led.resize(n / 2 + 1);
  const double df = 1.0 / (n * bit_period_s_ / samples_per_ui_);
  led_->transfers(led_f3db_hz, df, n / 2 + 1, led.data());
  // A real response: the inverse of its conjugate-symmetric spectrum by the half-size transform,
  // which reads the bins up to n / 2 alone (Eigen's kissfft, for every n): the others are left
  // as they are.
  kernels::multiply_bins(common_.data(), led.data(), n / 2 + 1, spectrum.data());
  Eigen::FFT<double>& fft = this_threads_fft();
  fft.inv(time, spectrum);
  PulseResponse p;
  p.samples_per_ui = samples_per_ui_;
  p.span_ui = span_ui_;
  // The zero-phase fiber response is non-causal; a quarter-window shift keeps its precursors
  // away from the wrap-around (a rotation: the window is cyclic).
  const int shift = (span_ui_ / 4) * samples_per_ui_;
  p.h.reserve(n);
  p.h.insert(p.h.end(), time.begin() + (n - shift), time.begin() + n);
  p.h.insert(p.h.end(), time.begin(), time.begin() + (n - shift));
  // The reference phase is the middle of the pulse's top: its maximum, or for a flat top (ideal
  // filters) the centre of the samples within a hair of the maximum.
  p.peak = kernels::peak_index(p.h.data(), n);
  const double alpha = pre_emphasis_;
  p.drive_offset = alpha / (1.0 + alpha);
  index_by_phase(p);
  return p;
}

void index_by_phase(PulseResponse& p) {
  const int os = p.samples_per_ui;
  const int span = p.span_ui;
  p.by_phase.clear();
  p.by_phase.reserve(p.h.size());
  for (int r = 0; r < os; ++r)
    for (int j = 0; j < span; ++j) p.by_phase.push_back(p.h[static_cast<std::size_t>(j) * os + r]);
  p.tap_summaries = summarize_interleaved_taps(p.h.data(), os, span, p.peak / os);
}

}  // namespace mosaic::phy

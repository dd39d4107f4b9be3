#include "mosaic/phy/mc/engine_timing.hpp"

#include <algorithm>
#include <cmath>

#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::phy::mc {

EngineTiming::EngineTiming(const LinkEvaluator& ev) {
  const LinkSpec& spec = ev.spec();
  const int os = spec.mc.samples_per_ui;
  const double ui_s = ev.chain().bit_period_s();
  grid_ = {ev.chain().span_ui(), os, ui_s / os};
  const double ts = grid_.sample_s;
  double sigma = ev.fiber().sigma_s;
  // The slowest LED's (4 sigma below the nominal bandwidth) needs the most room.
  const double s_led = ev.chain().led().zero_phase_rms_s(nominal_led_f3db_hz(spec) *
                                                         std::exp(-4.0 * spec.led.bandwidth_sigma));
  if (s_led > 0.0) sigma = std::sqrt(sigma * sigma + s_led * s_led);
  double min_skew = 0.0;
  for (const auto& c : ev.layout().channels) min_skew = std::min(min_skew, c.skew_s);
  skew_offset_ = static_cast<int>(std::ceil(-min_skew / ts)) + 1;
  pre_ = static_cast<int>(std::ceil(6.5 * sigma / ts)) + 2;
  jitter_rms_samples_ = spec.rx.jitter_rms_ps * 1e-12 / ts;
}

int EngineTiming::skew_delay_samples(const ChannelParams& c) const {
  return static_cast<int>(std::lround(c.skew_s / grid_.sample_s)) + skew_offset_;
}

double EngineTiming::decision_samples(const PulseResponse& stat_pulse, double phase_ui,
                                      int skew_delay) const {
  // The pulse window starts a quarter of its span (a whole number of UI) before the peak.
  const int quarter_span_ui = stat_pulse.span_ui / 4;
  const double tau_ui =
      static_cast<double>(stat_pulse.peak) / stat_pulse.samples_per_ui + phase_ui - quarter_span_ui;
  return tau_ui * grid_.samples_per_ui + pre_ + skew_delay;
}

}  // namespace mosaic::phy::mc

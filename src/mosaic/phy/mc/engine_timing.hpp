#pragma once

#include "mosaic/phy/array_layout.hpp"
#include "mosaic/phy/mc/causal_response.hpp"
#include "mosaic/phy/pulse_response.hpp"

namespace mosaic::phy {
class LinkEvaluator;
}

namespace mosaic::phy::mc {

// The waveform engine's clock: mc.samples_per_ui samples per unit interval, every channel's light
// delayed by a common precursor room (for the zero-phase fiber and LED responses) plus its skew as
// a non-negative whole number of samples, so that all channels share one segment timing.
class EngineTiming {
 public:
  explicit EngineTiming(const LinkEvaluator& ev);

  int samples_per_ui() const { return grid_.samples_per_ui; }
  double sample_s() const { return grid_.sample_s; }
  // The chain model's window at the engine's oversampling.
  const EngineGrid& grid() const { return grid_; }
  int precursor_samples() const { return pre_; }
  // A channel's skew as whole samples, the common offset that keeps every one >= 1 in.
  int skew_delay_samples(const ChannelParams& c) const;
  // Decision instant, samples after a bit's start, of a channel sampled at phase_ui from the
  // peak of its statistical-eye pulse (whose window puts a bit's start span/4 UI in).
  double decision_samples(const PulseResponse& stat_pulse, double phase_ui, int skew_delay) const;
  // rx.jitter_rms_ps in samples.
  double jitter_rms_samples() const { return jitter_rms_samples_; }

 private:
  EngineGrid grid_;
  int pre_ = 0;
  int skew_offset_ = 0;
  double jitter_rms_samples_ = 0.0;
};

}  // namespace mosaic::phy::mc

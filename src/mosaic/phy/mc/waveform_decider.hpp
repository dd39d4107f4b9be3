#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace mosaic::phy::mc {

// Decisions on a received waveform: each bit sampled at its nominal instant plus Gaussian
// jitter (clamped to +-(samples_per_ui - 1) samples; segment u of lane l from the Philox stream
// (seed, kMcJitter, channel, kLanes u + l)), by linear interpolation between samples, against the
// threshold. A decision lags its bit by the chain's delay: segment u decides the bits
// first_bit() + [0, kSegmentBits) of it (relative to its first bit). State: the last
// kTailUi unit intervals of waveform, where late decisions of the previous segment's bits fall.
class WaveformDecider {
 public:
  static constexpr int kTailUi = 3;

  struct Config {
    std::uint64_t seed = 0;
    int channel = 0;
    int samples_per_ui = 16;
    double decision_samples = 0.0;  // nominal decision instant, samples after its bit's start
    double threshold_a = 0.0;
    double jitter_rms_samples = 0.0;
  };
  explicit WaveformDecider(const Config& config);

  // y: one segment of received waveform (kSegmentBits * samples_per_ui samples x lanes);
  // decisions: kSegmentBits x lanes, 1 where the sample is above the threshold.
  void process(std::span<const float> y, std::span<float> decisions);
  void reset();

  // First bit of a segment's decisions relative to the segment's first bit (<= 0).
  long first_bit() const { return first_bit_; }

 private:
  Config config_;
  long first_bit_;
  std::vector<float> tail_;
  std::uint64_t segment_ = 0;
};

// 1.0f for true, 0.0f for false, without a branch: a decision is a coin flip that no branch
// predictor learns, and a mispredicted branch per bit costs more than the whole decision.
inline float decision_bit(bool above) {
  return std::bit_cast<float>(0x3f800000u & -static_cast<std::uint32_t>(above));
}

// First bit decided in a segment, for a decision instant of `decision_samples` after each bit's
// start: the nominal instants in [-2 UI, S UI - 2 UI) of the segment are its decisions.
long first_decided_bit(int samples_per_ui, double decision_samples);
// How many bits before a segment's start its decisions reach (history the deciders need).
int decision_lag_bits(int samples_per_ui, double decision_samples);

}  // namespace mosaic::phy::mc

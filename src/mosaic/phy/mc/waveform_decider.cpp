#include "mosaic/phy/mc/waveform_decider.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/segment.hpp"

namespace mosaic::phy::mc {

long first_decided_bit(int samples_per_ui, double decision_samples) {
  const int os = samples_per_ui;
  return static_cast<long>(std::ceil((-2.0 * os - decision_samples) / os));
}

int decision_lag_bits(int samples_per_ui, double decision_samples) {
  const int os = samples_per_ui;
  return static_cast<int>(std::floor((2.0 * os + decision_samples) / os)) + 2;
}

WaveformDecider::WaveformDecider(const Config& config)
    : config_(config),
      first_bit_(first_decided_bit(config.samples_per_ui, config.decision_samples)),
      tail_(static_cast<std::size_t>(kTailUi) * config.samples_per_ui * kLanes, 0.0f) {}

void WaveformDecider::process(std::span<const float> y, std::span<float> decisions) {
  const int os = config_.samples_per_ui;
  const long tail = static_cast<long>(kTailUi) * os;
  assert(y.size() == static_cast<std::size_t>(kSegmentBits) * os * kLanes);
  assert(decisions.size() == static_cast<std::size_t>(kSegmentBits) * kLanes);
  // Sample i of the tail-then-segment waveform (i = 0 is kTailUi UI before the segment).
  auto at = [&](long i, int l) {
    return i < tail ? tail_[i * kLanes + l] : y[(i - tail) * kLanes + l];
  };
  std::array<float, kSegmentBits * kLanes> jit;
  const LaneKey key{config_.seed, static_cast<std::uint32_t>(RngPurpose::kMcJitter),
                    static_cast<std::uint64_t>(config_.channel), segment_++ * kLanes};
  gaussian_lanes(key, 0, kSegmentBits / 4, jit.data());
  const double pos0 = first_bit_ * static_cast<double>(os) + config_.decision_samples + tail;
  const double lim = os - 1;
  const double d = config_.threshold_a;
  const double sigma = config_.jitter_rms_samples;
  for (int j = 0; j < kSegmentBits; ++j) {
    for (int l = 0; l < kLanes; ++l) {
      const double delta = std::clamp(sigma * jit[j * kLanes + l], -lim, lim);
      const double t = pos0 + j * os + delta;
      // t >= 1 (pos0 >= samples_per_ui, |delta| < samples_per_ui): truncation is the floor.
      const long i0 = static_cast<long>(t);
      const double f = t - i0;
      const double v = (1.0 - f) * at(i0, l) + f * at(i0 + 1, l);
      decisions[j * kLanes + l] = decision_bit(v > d);
    }
  }
  std::copy(y.end() - tail * kLanes, y.end(), tail_.begin());
}

void WaveformDecider::reset() {
  std::fill(tail_.begin(), tail_.end(), 0.0f);
  segment_ = 0;
}

}  // namespace mosaic::phy::mc

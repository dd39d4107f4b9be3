#include "mosaic/phy/mc/eye_histogram.hpp"

#include <algorithm>
#include <cmath>

#include "mosaic/phy/mc/segment.hpp"

namespace mosaic::phy::mc {

EyeHistogram::EyeHistogram(const Config& config) : config_(config), segment_(config.first_segment) {
  eye_.channel = config.channel;
  eye_.time_bins = 2 * config.samples_per_ui;
  eye_.amplitude_bins = config.amplitude_bins;
  // One bin per sample, centred on it: the sample at the decision instant is drawn at 0.
  const double half_bin_ui = 0.5 / config.samples_per_ui;
  eye_.time_start_ui = -1.0 - half_bin_ui;
  eye_.time_stop_ui = 1.0 - half_bin_ui;
  eye_.amplitude_min_a = config.amplitude_min_a;
  eye_.amplitude_max_a = config.amplitude_max_a;
  eye_.threshold_a = config.threshold_a;
  eye_.counts.assign(static_cast<std::size_t>(eye_.time_bins) * eye_.amplitude_bins, 0);
}

void EyeHistogram::process(std::span<const float> y) {
  const int os = config_.samples_per_ui;
  EyeDiagram& e = eye_;
  const double a0 = e.amplitude_min_a;
  const double inv = e.amplitude_bins / (e.amplitude_max_a - e.amplitude_min_a);
  const double period = 2.0 * os;
  // The absolute sample time, so that the fold is the same whatever the segment.
  const double start = static_cast<double>(segment_++) * kSegmentBits * os;
  const std::size_t ns = y.size() / kLanes;
  for (std::size_t i = 0; i < ns; ++i) {
    // Time from the nearest decision instant plus one UI and half a bin, folded on two unit
    // intervals: bin k holds the samples within half a sample of k - os samples.
    double t = std::fmod(start + i - config_.decision_samples + os + 0.5, period);
    if (t < 0) t += period;
    const int tb = std::min(e.time_bins - 1, static_cast<int>(t / period * e.time_bins));
    for (int l = 0; l < kLanes; ++l) {
      const int ab =
          std::clamp(static_cast<int>((y[i * kLanes + l] - a0) * inv), 0, e.amplitude_bins - 1);
      ++e.counts[static_cast<std::size_t>(ab) * e.time_bins + tb];
    }
  }
}

void EyeHistogram::reset() {
  std::fill(eye_.counts.begin(), eye_.counts.end(), 0);
  segment_ = config_.first_segment;
}

}  // namespace mosaic::phy::mc

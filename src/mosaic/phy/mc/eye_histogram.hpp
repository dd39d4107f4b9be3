#pragma once

#include <cstdint>
#include <span>

#include "mosaic/phy/mc/monte_carlo.hpp"

namespace mosaic::phy::mc {

// The eye diagram of one channel: every sample of its received waveform (all lanes) into a 2-D
// histogram, time folded on two unit intervals centred on the nominal decision instant (one bin
// per sample, centred on it), amplitudes outside [amplitude_min_a, amplitude_max_a) clamped into
// the edge bins. State: the counts and the position in time.
class EyeHistogram {
 public:
  struct Config {
    int channel = 0;
    int samples_per_ui = 16;
    int amplitude_bins = 128;
    double amplitude_min_a = 0.0;
    double amplitude_max_a = 0.0;
    double threshold_a = 0.0;         // drawn with the diagram
    double decision_samples = 0.0;    // decision instant after a bit's start
    std::uint64_t first_segment = 0;  // the segment the first waveform given belongs to
  };
  explicit EyeHistogram(const Config& config);

  // One segment of waveform (kSegmentBits * samples_per_ui samples x lanes), the one after the
  // previous call's.
  void process(std::span<const float> y);
  void reset();

  const EyeDiagram& diagram() const { return eye_; }

 private:
  Config config_;
  EyeDiagram eye_;
  std::uint64_t segment_;
};

}  // namespace mosaic::phy::mc

#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/phy/biquad.hpp"
#include "mosaic/phy/mc/section_filter.hpp"

namespace mosaic::phy::mc {

// 1 / rms of unit white noise through `sections` (their impulse response's l2 norm, over
// max(4096, 512 samples_per_ui) samples): the input scale that gives the filtered noise unit
// variance at every sample, as the statistical eye's noise sigma is the rms at the sample.
double unit_noise_scale(std::span<const Biquad> sections, int samples_per_ui);

// Receiver noise, injected at the TIA input and filtered like the signal: unit white Gaussian
// noise per sample (segment u of lane l from the Philox stream (seed, kMcNoise, channel,
// kLanes u + l)) through the receiver's sections, scaled to unit variance, then each sample
// y = x + u sqrt(thermal_var + shot_a2_per_a max(x, 0)) with x the noiseless filtered
// photocurrent. With both terms zero it is a pass-through. State: the filter's and the stream's.
class Noise {
 public:
  struct Config {
    std::uint64_t seed = 0;
    int channel = 0;
    double thermal_sigma_a = 0.0;  // rms at the sample (A)
    double shot_a2_per_a = 0.0;    // 2 q B_n (A^2 per A of signal)
    double input_scale = 1.0;  // unit_noise_scale(sections, samples_per_ui), the same for a link
  };
  Noise(const Config& config, std::span<const Biquad> sections);

  // x: the filtered noiseless photocurrent of one segment; y: x plus noise (may alias x).
  void process(std::span<const float> x, std::span<float> y);
  void reset();

 private:
  Config config_;
  float thermal_var_;
  float shot_;
  SectionFilter filter_;
  std::uint64_t segment_ = 0;
};

}  // namespace mosaic::phy::mc

#include "mosaic/phy/mc/noise.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/kernels.hpp"

namespace mosaic::phy::mc {

double unit_noise_scale(std::span<const Biquad> sections, int samples_per_ui) {
  std::vector<double> delta(static_cast<std::size_t>(std::max(4096, 512 * samples_per_ui)), 0.0);
  delta[0] = 1.0;
  const std::vector<double> h = biquad_response(sections, delta);
  double g2 = 0.0;
  for (double v : h) g2 += v * v;
  return 1.0 / std::sqrt(g2);
}

Noise::Noise(const Config& config, std::span<const Biquad> sections)
    : config_(config),
      thermal_var_(static_cast<float>(config.thermal_sigma_a * config.thermal_sigma_a)),
      shot_(static_cast<float>(config.shot_a2_per_a)),
      filter_(sections, static_cast<float>(config.input_scale)) {}

void Noise::process(std::span<const float> x, std::span<float> y) {
  assert(x.size() == y.size() && x.size() % (4 * kLanes) == 0);
  const std::uint64_t u = segment_++;
  if (!(thermal_var_ > 0 || shot_ > 0)) {
    std::copy(x.begin(), x.end(), y.begin());
    return;
  }
  thread_local std::vector<float> w;
  w.resize(x.size());
  const LaneKey key{config_.seed, static_cast<std::uint32_t>(RngPurpose::kMcNoise),
                    static_cast<std::uint64_t>(config_.channel), u * kLanes};
  const std::size_t n = x.size() / kLanes;
  gaussian_lanes(key, 0, n / 4, w.data());
  filter_.process(w, w);
  add_noise_lanes(x.data(), w.data(), thermal_var_, shot_, y.data(), n);
}

void Noise::reset() {
  filter_.reset();
  segment_ = 0;
}

}  // namespace mosaic::phy::mc

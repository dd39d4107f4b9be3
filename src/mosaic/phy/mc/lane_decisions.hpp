#pragma once

#include <algorithm>
#include <cmath>

#include "mosaic/phy/mc/superposition_kernels.hpp"
#include "mosaic/phy/mc/vector_clones.hpp"
#include "mosaic/phy/mc/waveform_decider.hpp"

// The two steps every symbol-rate decision kernel (the vector sums and both tables) takes for
// row j of a segment, lane by lane as plain loops each level vectorises: where the jittered
// instant falls, and the decision from the two sums around it. floor, clamp, sqrt and the
// products are exact or correctly rounded in every width, so every level decides as the scalar
// reference, which keeps its own copy of both steps.
namespace mosaic::phy::mc {

// The instant's whole-sample position from taps row 0 (as a double) and its fraction past it.
MOSAIC_VECTOR_INLINE void jittered_positions(const SuperpositionInput& in, int j, double* fraction,
                                             double* position) {
  const double lim = in.jitter_limit_samples, rms = in.jitter_rms_samples;
  const double decision = in.decision_samples, first = in.first_position;
  const float* jitter = in.jitter + j * kLanes;
  for (int l = 0; l < kLanes; ++l) {
    const double t = decision + std::clamp(rms * jitter[l], -lim, lim);
    // floor(t) as truncation, less one where that rounded up: the same value (the instant lies
    // within a few UIs of 0, far inside int's range), and a conversion the AVX-512 clones
    // vectorise, where std::floor kept every clone's loop scalar.
    const double cut = static_cast<double>(static_cast<int>(t));
    const double whole = t < cut ? cut - 1.0 : cut;
    fraction[l] = t - whole;
    position[l] = whole - first;
  }
}

// Each lane's level interpolated between its sums at the two positions around its instant, plus
// the noise draw at that level's variance, against the threshold.
MOSAIC_VECTOR_INLINE void decide_row(const SuperpositionInput& in, int j, const double* fraction,
                                     const double* v0, const double* v1, float* decisions) {
  const double thermal = in.thermal_var_a2, shot = in.shot_a2_per_a, threshold = in.threshold_a;
  const float* noise = in.noise + j * kLanes;
  float* out = decisions + j * kLanes;
  for (int l = 0; l < kLanes; ++l) {
    const double v = (1.0 - fraction[l]) * v0[l] + fraction[l] * v1[l];
    const double sigma = std::sqrt(thermal + shot * std::max(v, 0.0));
    out[l] = decision_bit(v + sigma * noise[l] > threshold);
  }
}

}  // namespace mosaic::phy::mc

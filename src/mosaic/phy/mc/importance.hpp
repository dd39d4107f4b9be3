#pragma once

#include <cstdint>
#include <string>

#include "mosaic/phy/stat_eye.hpp"

namespace mosaic::phy::mc {

struct ImportanceOptions {
  std::uint64_t seed = 1;
  std::uint64_t stream = 0;  // e.g. the channel index: independent draws per stream
  double samples = 1e5;      // decisions drawn (half with the cursor bit 0, half 1)
  double confidence = 0.95;
  // Below this many effective samples the weights cannot tell the tail apart from nothing: the
  // estimate is refused rather than reported with a meaningless interval.
  double min_effective_samples = 30.0;
};

struct ImportanceResult {
  double ber = 0.0;  // weighted mean of P(error | pattern, jitter)
  double ci_low = 0.0;
  double ci_high = 0.0;
  double log10_ber = 0.0;
  double samples = 0.0;
  double effective_samples = 0.0;  // (sum f)^2 / sum f^2 of the weighted contributions
  bool refused = false;
  std::string refusal;  // why, when refused
};

// BER of one channel at a given sampling phase (whole samples from the pulse peak) and threshold,
// by importance sampling on the statistical eye's own model (`in`: the same pulse responses,
// crosstalk, noise and Gaussian jitter). The victim's and every aggressor's bits and the jitter
// are drawn from a defensive mixture: the nominal distribution (weight 1/5) and exponentially
// tilted ones that favour the bits closing the eye, each tap in proportion to its size, with the
// jitter widened in step (2x to 5x). The Gaussian noise is not drawn at all: given the pattern
// and the instant, P(error) is a Q-function, averaged with the likelihood-ratio weights.
// The interval is the normal one on the weighted contributions' own variance.
ImportanceResult importance_ber(const StatEyeInput& in, int phase_samples, double threshold_a,
                                const ImportanceOptions& options = {});

}  // namespace mosaic::phy::mc

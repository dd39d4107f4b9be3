#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "mosaic/core/design/phy_spec.hpp"

namespace mosaic::phy::mc {

// The data one channel sends (channel.pattern): each segment, kSegmentBits bits of every lane,
// lane-interleaved 0/1 floats. Each pattern is a variant behind process(); make_stimulus chooses.
class Stimulus {
 public:
  virtual ~Stimulus() = default;
  // Writes the next segment's bits: out has kSegmentBits * kLanes values.
  void process(std::span<float> out);
  // Back to the first segment.
  void reset() { restart(); }

 private:
  virtual void generate(std::span<float> out) = 0;
  virtual void restart() = 0;
};

// channel.pattern = random: bit k of lane l of segment u is bit k mod 32 of word k / 32 of
// Rng(seed, kMcData, channel, kLanes u + l).
std::unique_ptr<Stimulus> make_random_stimulus(std::uint64_t seed, int channel);
// A PRBS of x^n + x^m + 1 (Fibonacci register, newest bit shifted in at the bottom), one register
// per lane running on across segments, seeded non-zero from Rng(seed, kMcData, channel,
// 0xFFFF0000 + l).
std::unique_ptr<Stimulus> make_prbs_stimulus(int n, int m, std::uint64_t seed, int channel);

// The pattern's stimulus for `channel`.
std::unique_ptr<Stimulus> make_stimulus(DataPattern pattern, std::uint64_t seed, int channel);

}  // namespace mosaic::phy::mc

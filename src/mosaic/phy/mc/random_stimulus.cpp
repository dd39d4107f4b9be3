#include "mosaic/core/rng.hpp"
#include "mosaic/core/vector_level.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/segment.hpp"
#include "mosaic/phy/mc/stimulus.hpp"

namespace mosaic::phy::mc {
namespace {

// Bit k of lane l's words (bit k % 32 of word k / 32) as a 0/1 float at row k: each lane's word
// shifted down a bit a row, so that the clones vectorise across lanes (one register a row at
// AVX-512) and not across rows.
MOSAIC_TARGET_CLONES void bits_from_words(const std::uint32_t* words, float* out) {
  static_assert(kSegmentBits % 32 == 0, "whole words a segment");
  for (int word = 0; word < kSegmentBits / 32; ++word) {
    std::uint32_t rest[kLanes];
    for (int l = 0; l < kLanes; ++l) rest[l] = words[word * kLanes + l];
    for (int b = 0; b < 32; ++b) {
      float* row = out + (32 * word + b) * kLanes;
      for (int l = 0; l < kLanes; ++l) {
        row[l] = static_cast<float>(rest[l] & 1u);
        rest[l] >>= 1;
      }
    }
  }
}

class RandomStimulus final : public Stimulus {
 public:
  RandomStimulus(std::uint64_t seed, int channel) : seed_(seed), channel_(channel) {}

 private:
  // Lane l's bits are the words of its stream (seed, kMcData, channel, kLanes segment + l), bit
  // j of word w its bit 32 w + j: the lanes' words come from one vectorised Philox call.
  void generate(std::span<float> out) override {
    static_assert(kSegmentBits % 32 == 0 && kSegmentBits / 32 <= 4, "one Philox quad a segment");
    std::uint32_t words[4 * kLanes];
    word_lanes({seed_, static_cast<std::uint32_t>(RngPurpose::kMcData),
                static_cast<std::uint64_t>(channel_), segment_ * kLanes},
               0, 1, words);
    bits_from_words(words, out.data());
    ++segment_;
  }
  void restart() override { segment_ = 0; }

  std::uint64_t seed_;
  int channel_;
  std::uint64_t segment_ = 0;
};

}  // namespace

std::unique_ptr<Stimulus> make_random_stimulus(std::uint64_t seed, int channel) {
  return std::make_unique<RandomStimulus>(seed, channel);
}

}  // namespace mosaic::phy::mc

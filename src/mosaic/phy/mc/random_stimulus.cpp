#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/segment.hpp"
#include "mosaic/phy/mc/stimulus.hpp"

namespace mosaic::phy::mc {
namespace {

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
    for (int k = 0; k < kSegmentBits; ++k) {
      const std::uint32_t* w = words + (k / 32) * kLanes;
      float* row = out.data() + k * kLanes;
      for (int l = 0; l < kLanes; ++l) row[l] = static_cast<float>((w[l] >> (k % 32)) & 1u);
    }
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

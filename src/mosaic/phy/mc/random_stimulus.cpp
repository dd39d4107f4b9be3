#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/segment.hpp"
#include "mosaic/phy/mc/stimulus.hpp"

namespace mosaic::phy::mc {
namespace {

class RandomStimulus final : public Stimulus {
 public:
  RandomStimulus(std::uint64_t seed, int channel) : seed_(seed), channel_(channel) {}

 private:
  void generate(std::span<float> out) override {
    for (int l = 0; l < kLanes; ++l) {
      Rng rng(seed_, RngPurpose::kMcData, channel_, segment_ * kLanes + l);
      for (int k = 0; k < kSegmentBits; k += 32) {
        const std::uint32_t w = rng.next_u32();
        for (int j = 0; j < 32 && k + j < kSegmentBits; ++j)
          out[(k + j) * kLanes + l] = static_cast<float>((w >> j) & 1u);
      }
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

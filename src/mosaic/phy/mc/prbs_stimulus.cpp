#include <array>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/segment.hpp"
#include "mosaic/phy/mc/stimulus.hpp"

namespace mosaic::phy::mc {
namespace {

class PrbsStimulus final : public Stimulus {
 public:
  PrbsStimulus(int n, int m, std::uint64_t seed, int channel)
      : n_(n), m_(m), seed_(seed), channel_(channel) {
    restart();
  }

 private:
  void generate(std::span<float> out) override {
    const std::uint32_t mask = (1u << n_) - 1u;
    for (int l = 0; l < kLanes; ++l) {
      std::uint32_t s = state_[l];
      for (int k = 0; k < kSegmentBits; ++k) {
        const std::uint32_t b = ((s >> (n_ - 1)) ^ (s >> (m_ - 1))) & 1u;
        s = ((s << 1) | b) & mask;
        out[k * kLanes + l] = static_cast<float>(b);
      }
      state_[l] = s;
    }
  }
  void restart() override {
    const std::uint32_t mask = (1u << n_) - 1u;
    for (int l = 0; l < kLanes; ++l) {
      Rng rng(seed_, RngPurpose::kMcData, channel_, 0xFFFF0000u + l);
      std::uint32_t s = 0;
      while (s == 0) s = rng.next_u32() & mask;  // the all-zeros state never leaves itself
      state_[l] = s;
    }
  }

  int n_, m_;
  std::uint64_t seed_;
  int channel_;
  std::array<std::uint32_t, kLanes> state_{};
};

}  // namespace

std::unique_ptr<Stimulus> make_prbs_stimulus(int n, int m, std::uint64_t seed, int channel) {
  return std::make_unique<PrbsStimulus>(n, m, seed, channel);
}

}  // namespace mosaic::phy::mc

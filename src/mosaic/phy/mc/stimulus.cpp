#include "mosaic/phy/mc/stimulus.hpp"

#include <cassert>

#include "mosaic/phy/mc/segment.hpp"

namespace mosaic::phy::mc {

void Stimulus::process(std::span<float> out) {
  assert(out.size() == static_cast<std::size_t>(kSegmentBits) * kLanes);
  generate(out);
}

std::unique_ptr<Stimulus> make_stimulus(DataPattern pattern, std::uint64_t seed, int channel) {
  switch (pattern) {
    case DataPattern::kRandom:
      return make_random_stimulus(seed, channel);
    case DataPattern::kPrbs7:
      return make_prbs_stimulus(7, 6, seed, channel);
    case DataPattern::kPrbs15:
      return make_prbs_stimulus(15, 14, seed, channel);
    case DataPattern::kPrbs31:
      return make_prbs_stimulus(31, 28, seed, channel);
  }
  return make_random_stimulus(seed, channel);
}

}  // namespace mosaic::phy::mc

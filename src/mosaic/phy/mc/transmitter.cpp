#include "mosaic/phy/mc/transmitter.hpp"

#include <cassert>

#include "mosaic/phy/mc/segment.hpp"

namespace mosaic::phy::mc {

void Transmitter::process(std::span<const float> bits, std::span<float> photo) {
  assert(bits.size() >= static_cast<std::size_t>(kSegmentBits + taps_ui_) * kLanes);
  assert(photo.size() == static_cast<std::size_t>(kSegmentBits) * os_ * kLanes);
  transmit(bits, photo);
}

}  // namespace mosaic::phy::mc

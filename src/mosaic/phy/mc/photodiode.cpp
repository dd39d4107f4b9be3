#include "mosaic/phy/mc/photodiode.hpp"

#include <algorithm>
#include <cassert>

#include "mosaic/phy/mc/kernels.hpp"

namespace mosaic::phy::mc {

void Photodiode::process(std::span<const float> own,
                         std::span<const std::span<const float>> neighbours,
                         std::span<float> out) const {
  assert(neighbours.size() == kappas_.size() && out.size() == own.size());
  std::copy(own.begin(), own.end(), out.begin());
  for (std::size_t k = 0; k < kappas_.size(); ++k)
    axpy_lanes(kappas_[k], neighbours[k].data(), out.data(), out.size() / kLanes);
}

}  // namespace mosaic::phy::mc

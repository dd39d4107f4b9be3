#include "mosaic/link/lanes.hpp"

namespace mosaic::link {

std::vector<int> LaneAssignment::active_channels() const {
  std::vector<int> out;
  for (std::size_t i = 0; i < roles.size(); ++i)
    if (active(static_cast<int>(i))) out.push_back(static_cast<int>(i));
  return out;
}

}  // namespace mosaic::link

#include "mosaic/reliability/usable_spares.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic::reliability {

int count_usable_spares(std::span<const phy::ChannelResult> channels,
                        const link::LaneAssignment& lanes, double ber_target) {
  const double log_target = std::log10(ber_target);
  return static_cast<int>(std::count_if(channels.begin(), channels.end(), [&](const auto& c) {
    return lanes.roles[c.index] == link::ChannelRole::kSpare && !c.dead &&
           c.log10_ber <= log_target;
  }));
}

}  // namespace mosaic::reliability

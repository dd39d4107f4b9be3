#pragma once

#include <span>

#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/channel_result.hpp"

namespace mosaic::reliability {

// Spares (role spare, live) whose BER meets `ber_target`: the only ones that could take over a
// failed channel. A spare above the target would itself fail the link the moment it took over.
int count_usable_spares(std::span<const phy::ChannelResult> channels,
                        const link::LaneAssignment& lanes, double ber_target);

}  // namespace mosaic::reliability

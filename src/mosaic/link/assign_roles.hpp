#pragma once

#include <span>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/channel_result.hpp"

namespace mosaic::link {

// Link-up lane mapping from the physical picture: dead pixels are mapped out, the best live
// channels (lowest BER, ties by index) carry data, the next ones the ECC parity, and every other
// live pixel is a spare. Pure: returns the roles and the physical link summary (all but the
// optical margin, which needs the PHY engine again: see phy::optical_margin_db).
LaneAssignment assign_roles(const LinkSpec& spec, std::span<const phy::ChannelResult> channels);

}  // namespace mosaic::link

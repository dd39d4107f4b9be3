#pragma once

#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/phy/channel_result.hpp"

namespace mosaic::link {

// Link-up lane mapping from the physical picture: dead pixels are mapped out, the best live
// channels (lowest BER, ties by index) carry data, the next ones the ECC parity, and every other
// live pixel is a spare. Sets ChannelResult::role and returns the physical link summary (all but
// the optical margin, which needs the PHY engine again: see phy::optical_margin_db).
phy::LinkSummary assign_roles(const LinkSpec& spec, std::vector<phy::ChannelResult>& channels);

// Indices of the data and ECC channels, in index order.
std::vector<int> active_channels(const std::vector<phy::ChannelResult>& channels);

}  // namespace mosaic::link

#pragma once

#include <span>

#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/mc/monte_carlo.hpp"

namespace mosaic::phy::mc {

// mc.mode = importance: importance_ber (importance.hpp) on every counted channel at the
// statistical eye's phase and threshold, mc.max_bits draws each, the channel index as its stream.
McResult importance_monte_carlo(LinkEvaluator& ev, std::span<const ChannelResult> stat,
                                const McOptions& options);

}  // namespace mosaic::phy::mc

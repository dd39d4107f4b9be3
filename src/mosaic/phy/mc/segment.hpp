#pragma once

#include "mosaic/phy/mc/kernels.hpp"

// The unit of work of every waveform-engine block: one segment of kSegmentBits bits of each of the
// kLanes lanes of a channel (independent realizations of it, kernels.hpp). Signals are stored
// lane-interleaved: bit k (or sample i) of lane l at [k * kLanes + l]. A waveform holds
// kSegmentBits * samples_per_ui samples per lane.
namespace mosaic::phy::mc {

inline constexpr int kSegmentBits = 64;

}  // namespace mosaic::phy::mc

#pragma once

#include <memory>
#include <span>
#include <vector>

#include "mosaic/phy/mc/noise.hpp"
#include "mosaic/phy/mc/photodiode.hpp"
#include "mosaic/phy/mc/receive_path.hpp"
#include "mosaic/phy/mc/section_filter.hpp"
#include "mosaic/phy/mc/waveform_decider.hpp"

namespace mosaic::phy::mc {

// mc.mode = waveform: photodiode (own light plus the neighbours' leakage) -> receiver filter
// (TIA, CTLE) -> noise -> decider, the eye watching the noisy waveform. own and neighbours are
// the sources' photocurrent buffers, read at every process().
std::unique_ptr<ReceivePath> make_waveform_receiver(std::span<const float> own,
                                                    std::vector<std::span<const float>> neighbours,
                                                    Photodiode photodiode, SectionFilter filter,
                                                    Noise noise, WaveformDecider decider);

}  // namespace mosaic::phy::mc

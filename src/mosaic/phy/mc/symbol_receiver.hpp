#pragma once

#include <memory>
#include <vector>

#include "mosaic/phy/mc/bit_history.hpp"
#include "mosaic/phy/mc/receive_path.hpp"
#include "mosaic/phy/mc/symbol_decider.hpp"

namespace mosaic::phy::mc {

// mc.mode = symbol: the superposition decider on the sources' bits (the victim's first, then the
// neighbours', as the decider's sources), read at every process(). No waveform, so no eye.
std::unique_ptr<ReceivePath> make_symbol_receiver(std::vector<const BitHistory*> sources,
                                                  SymbolDecider decider);

}  // namespace mosaic::phy::mc

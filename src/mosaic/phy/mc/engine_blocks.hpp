#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/mc/bit_history.hpp"
#include "mosaic/phy/mc/engine_timing.hpp"
#include "mosaic/phy/mc/error_counter.hpp"
#include "mosaic/phy/mc/eye_histogram.hpp"
#include "mosaic/phy/mc/monte_carlo.hpp"
#include "mosaic/phy/mc/receive_path.hpp"
#include "mosaic/phy/mc/stimulus.hpp"
#include "mosaic/phy/mc/transmitter.hpp"

namespace mosaic::phy::mc {

// A simulated channel (counted, or the live neighbour of one): its data and its light.
struct TransmitBlocks {
  int index = 0;  // pixel of the array
  double low_a = 0.0;
  double swing_a = 0.0;
  double base_a = 0.0;  // photocurrent of all-zeros data
  int skew_delay = 0;   // EngineTiming::skew_delay_samples
  std::unique_ptr<Stimulus> stimulus;
  BitHistory bits;
  std::unique_ptr<Transmitter> tx;  // none in symbol mode: the deciders read the bits
  std::vector<float> photo;         // this segment's photocurrent (with a transmitter)
};

// A counted channel: its receive path and what is measured on it.
struct ReceiveBlocks {
  int slot = 0;  // its TransmitBlocks
  double phase_ui = 0.0;
  double threshold_a = 0.0;
  double decision_samples = 0.0;
  double stat_eye_ber = 0.0;
  std::unique_ptr<ReceivePath> path;
  ErrorCounter errors;
  std::optional<EyeHistogram> eye;
};

// The waveform / symbol engine's blocks for one run, wired: a list of blocks the driver loops
// over. The paths read the transmit blocks' buffers, so `transmit` never changes size once wired.
struct EngineBlocks {
  int samples_per_ui = 0;
  int warmup_segments = 0;  // settling of every filter before errors are counted
  std::vector<TransmitBlocks> transmit;
  std::vector<ReceiveBlocks> receive;  // one per counted channel
  std::vector<int> report;             // indices of `receive` in report order
};

// The channels whose errors are counted: those asked for (each a live pixel of the array), or
// every live one. Throws ConfigError (field --channels) for any other.
std::vector<int> counted_channels(const ArrayLayout& layout, const std::vector<int>& asked);

// Everything spec.mc's waveform or symbol mode runs: the counted channels (options.channels, then
// options.eye_channels), each with its live neighbours simulated for its crosstalk, sampled at
// the statistical eye's phase and threshold (`stat`, indexed like the array) unless spec.mc
// fixes them. Throws ConfigError for settings the engine does not support.
EngineBlocks wire_engine(LinkEvaluator& ev, std::span<const ChannelResult> stat,
                         const McOptions& options);

// The transmitter of `channel` on the engine's clock, with its levels (for engine_chain too).
std::unique_ptr<Transmitter> channel_transmitter(LinkEvaluator& ev, const EngineTiming& timing,
                                                 const TransmitBlocks& channel);

}  // namespace mosaic::phy::mc

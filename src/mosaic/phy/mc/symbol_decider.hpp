#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "mosaic/phy/mc/chunk_pattern_table.hpp"
#include "mosaic/phy/mc/crosstalk_screen.hpp"
#include "mosaic/phy/mc/pattern_superposition.hpp"
#include "mosaic/phy/mc/superposition_kernels.hpp"
#include "mosaic/phy/pulse_response.hpp"

namespace mosaic::phy::mc {

// One signal a symbol-rate decision superposes: a channel's pulse response (the chain model's, at
// the engine's oversampling) scaled to the victim's photodiode.
struct SymbolSource {
  const PulseResponse* pulse = nullptr;
  double weight = 1.0;    // 1 for the victim, kappa for a neighbour
  double swing_a = 0.0;   // the source's 1 minus 0 level
  int delay_samples = 0;  // the engine's common precursor room plus the source's skew delay
};

// Decisions by superposition (mc.mode = symbol, linear chains only): at each jittered decision
// instant the noiseless level is the sum of every source's pulse taps times its bits,
// interpolated between the two whole-sample positions around the instant, plus one Gaussian
// noise draw of the statistical eye's variance at that level. Jitter and noise of segment u of
// lane l come from the Philox streams (seed, kMcJitter / kMcNoise, channel, kLanes u + l).
// The ways of summing below decide every bit alike; which one a segment takes changes only its
// speed. Stateless but for the segment count and that choice.
class SymbolDecider {
 public:
  struct Config {
    std::uint64_t seed = 0;
    int channel = 0;
    int samples_per_ui = 16;
    int span_ui = 0;                // the chain model's window
    double decision_samples = 0.0;  // as WaveformDecider
    double threshold_a = 0.0;
    double jitter_rms_samples = 0.0;
    double thermal_sigma_a = 0.0;
    double shot_a2_per_a = 0.0;
    double base_a = 0.0;  // photocurrent of all-zeros data, the neighbours' leakage in
    // Decisions by table, the same bits (a victim alone: pattern_superposition.hpp; with
    // neighbours: chunk_pattern_table.hpp) where this allows and the table fits (up to 16 MiB per
    // decider), so the engine allows it for a few counted channels only. With neighbours the
    // crosstalk screen (crosstalk_screen.hpp) comes first: the victim's whole-pattern table where
    // this allows, its chunk table (4 KiB per position visited) for any channel.
    bool allow_pattern_table = false;
  };
  // sources: the victim first, then its neighbours.
  SymbolDecider(const Config& config, std::span<const SymbolSource> sources);

  // source_bits[s]: row 0 of the current segment of source s's bits (a BitHistory's
  // segment_start(), history_bits() rows of history before it); decisions: kSegmentBits x lanes.
  void process(std::span<const float* const> source_bits, std::span<float> decisions);
  void reset() {
    segment_ = 0;
    screening_ = true;
  }

  long first_bit() const { return first_bit_; }
  // Rows of history before a segment's first bit that process() reads.
  int history_bits() const { return history_bits_; }

 private:
  // Taps of one source at every whole-sample position the jittered decision falls between.
  struct Taps {
    int first_lag = 0;  // bit k - lag is read, lag from first_lag on
    int lags = 0;
    std::vector<double> taps;           // [position][lag]
    std::vector<int> lag_from, lag_to;  // per position: the lags whose taps are not all zero
  };

  Config config_;
  long first_bit_;
  int pos0_;  // first whole-sample position, from a bit's start
  int history_bits_ = 0;
  std::vector<Taps> taps_;
  std::vector<SuperpositionSource> sources_;  // the kernel's view of taps_, bits set per segment
  std::optional<PatternTable> table_;
  std::optional<ChunkPatternTable> chunk_table_;
  std::optional<CrosstalkScreen> screen_;
  std::uint64_t segment_ = 0;
  // Whether the next segment takes the screen: while it leaves few decisions open (weak
  // neighbours), and on every kScreenProbe-th segment to find out again.
  bool screening_ = true;
};

}  // namespace mosaic::phy::mc

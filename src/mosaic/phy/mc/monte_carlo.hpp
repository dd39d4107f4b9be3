#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/phy/channel_result.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::phy::mc {

// Monte Carlo figures of one channel.
struct McChannelResult {
  int index = 0;
  double bits = 0.0;     // decisions counted (importance: draws)
  double errors = 0.0;   // wrong decisions (importance: not counted, the noise is integrated)
  double ber = 0.0;      // point estimate (importance: likelihood-ratio weighted)
  double ci_low = 0.0;   // confidence interval of the BER at McSpec::confidence (Clopper-Pearson;
  double ci_high = 1.0;  //   importance: normal, on the weighted contributions' own variance)
  double effective_samples = 0.0;  // importance: (sum of contributions)^2 / sum of squares
  std::string refusal;             // importance: why no estimate can be given (empty: it can)
  double stat_eye_ber = 0.0;       // the statistical eye's BER at the same phase and threshold
  double phase_ui = 0.0;           // sampling phase used, from the pulse peak
  double threshold_a = 0.0;        // decision threshold used (photocurrent, A)
};

// 2-D histogram of a channel's received waveform (noise, jitter-free sampling clock), folded on
// two unit intervals centred on the decision instant: counts[a * time_bins + t].
struct EyeDiagram {
  int channel = 0;
  int time_bins = 0;
  int amplitude_bins = 0;
  // Left edge of bin 0 and right edge of the last, UI from the decision instant: one bin per
  // sample, centred on it (the decision sample's bin is centred on 0), so -1 and 1 UI less half
  // a bin.
  double time_start_ui = -1.0;
  double time_stop_ui = 1.0;
  double amplitude_min_a = 0.0;  // lower edge of amplitude bin 0 (photocurrent, A)
  double amplitude_max_a = 0.0;  // samples outside are clamped into the edge bins
  double threshold_a = 0.0;
  std::vector<std::uint64_t> counts;
};

struct McOptions {
  std::vector<int> channels;      // channels to count errors on; empty = every live channel
  std::vector<int> eye_channels;  // channels whose eye diagram is kept
  int threads = 0;                // 0 = all cores; results do not depend on it
  Progress* progress = nullptr;
  // Amplitude rows of each eye diagram (two swings tall); its columns are the samples of two UI
  // (2 mc.samples_per_ui: the waveform has nothing between them).
  int eye_amplitude_bins = 128;
};

struct McResult {
  McMode mode = McMode::kWaveform;
  int samples_per_ui = 0;
  std::vector<McChannelResult> channels;  // in the order of McOptions::channels (or index order)
  std::vector<EyeDiagram> eyes;
  double bits_per_channel = 0.0;
  double total_bits = 0.0;  // counted decisions over all channels
  double wall_s = 0.0;
  double bits_per_s = 0.0;  // total_bits / wall_s (warm-up excluded from bits, not from time)
  std::string stop_reason;  // "target_errors", "max_bits" or "time_budget"
};

// Runs the Monte Carlo engine of spec.mc on a built link: `evaluator` gives the array, chain,
// CTLE setting and noise, `stat` the statistical eye's per-channel phase and threshold (indexed
// like the array). Waveform and symbol modes run the blocks of wire_engine (engine_blocks.hpp:
// stimulus, transmitter, photodiode, receiver filter, noise, decider, error counter, eye
// histogram) one segment at a time until a stop rule (mc.target_errors, mc.max_bits,
// mc.time_budget_s) holds; every live neighbour of a counted channel is simulated for its
// crosstalk. mc.mode = importance estimates each counted channel with importance_ber
// (importance.hpp) on the statistical eye's own model at its phase and threshold, mc.max_bits
// draws each (no waveforms, so no eye diagrams). Data, noise and jitter of lane l of segment u of
// channel c come from Rng keys (seed, kMcData / kMcNoise / kMcJitter, c, 16 u + l), so the result
// depends only on the design and its seed, never on the thread count (unless a time budget stops
// the run). Throws ConfigError for settings the engine does not support (e.g. a Gaussian
// receiver filter).
McResult monte_carlo(LinkEvaluator& evaluator, std::span<const ChannelResult> stat,
                     const McOptions& options = {});

// The waveform engine's own noiseless response of `channel` to one isolated 1 bit (A per unit
// swing, including the drive offset removed), sampled at spec.mc.samples_per_ui and aligned like
// the chain model's pulse at the same oversampling: for comparing the two (tests, docs). Throws
// ConfigError for a nonlinear LED model, which has no such response.
std::vector<double> engine_pulse(LinkEvaluator& evaluator, int channel, int length_ui);

// The discrete chain the waveform engine runs for one channel (crosstalk aside), for re-running
// the same computation elsewhere (bench/mc_vs_numpy.py).
struct EngineChain {
  int samples_per_ui = 0;
  std::vector<double> tx_pulse;  // response to one bit, taps_ui * samples_per_ui samples
  int taps_ui = 0;
  double base_a = 0.0;                             // photocurrent of all-zeros data
  double swing_a = 0.0;                            // scale of tx_pulse
  std::vector<std::array<double, 5>> rx_sections;  // {b0, b1, b2, a1, a2} each, a0 = 1
  double noise_input_scale = 1.0;  // white N(0,1) times this, through rx: unit variance
  double thermal_var_a2 = 0.0;
  double shot_a2_per_a = 0.0;
  double decision_samples = 0.0;  // decision instant after a bit's start
  double threshold_a = 0.0;
  double jitter_rms_samples = 0.0;
};
EngineChain engine_chain(LinkEvaluator& evaluator, std::span<const ChannelResult> stat,
                         int channel);

}  // namespace mosaic::phy::mc

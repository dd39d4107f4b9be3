#pragma once

#include <optional>

namespace mosaic {

// How the Monte Carlo engine (phy/mc) estimates each channel's BER.
// kWaveform: oversampled waveforms, noise injected at the TIA input and filtered (the truth).
// kSymbol: superposition of sampled pulse-response taps at the decision instants (linear chains).
// kImportance: decisions on the statistical eye's model with patterns and jitter drawn from a
//   tilted mixture and the noise integrated, likelihood-ratio weighted, for BERs far below what
//   plain counting reaches (phy/mc/importance.hpp).
enum class McMode { kWaveform, kSymbol, kImportance };

struct McSpec {
  bool operator==(const McSpec&) const = default;

  McMode mode = McMode::kWaveform;
  int samples_per_ui = 16;         // waveform oversampling
  double max_bits = 1e6;           // stop rule: bits per channel
  int target_errors = 100;         // stop rule: every simulated channel has seen this many errors
  double time_budget_s = 0.0;      // stop rule: wall-clock budget (0 = none)
  double confidence = 0.95;        // coverage of the reported BER interval
  std::optional<double> phase_ui;  // sampling phase from the pulse peak (none = stat eye's)
  std::optional<double> threshold_ua;  // decision threshold (none = stat eye's)
};

}  // namespace mosaic

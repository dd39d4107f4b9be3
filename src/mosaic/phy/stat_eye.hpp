#pragma once

#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "mosaic/core/design/phy_spec.hpp"
#include "mosaic/phy/channel_result.hpp"
#include "mosaic/phy/pattern_response.hpp"
#include "mosaic/phy/pulse_response.hpp"

namespace mosaic::phy {

struct PhaseDistribution;

// One signal at the victim's photodiode: its pulse response scaled to photocurrent.
struct EyeSignal {
  const PulseResponse* pulse = nullptr;
  double swing_a = 0.0;    // dI: 1-level minus 0-level photocurrent (times kappa for an aggressor)
  double base_a = 0.0;     // photocurrent of an all-zeros pattern (times kappa for an aggressor)
  int offset_samples = 0;  // aggressor only: its bit timing minus the victim's, in samples
};

// What an eye of a channel leaves for the next eye of the same channel: its phase distributions,
// and the best threshold it searched and at which phase (the search reads that phase's
// distributions and nothing the next eye changes, so at that phase it gives the same bits).
struct KeptEye {
  std::vector<PhaseDistribution> distributions;
  int searched_phase = std::numeric_limits<int>::min();
  double searched_threshold = 0.0;
  // The jitter-free ln BERs at window_threshold (the searched one, where the search computed
  // them) that its jitter average there read, at the offsets the jitter reaches around the
  // phase (NaN at those it left out as unfelt: JitterWindow): the next eye's view at that
  // threshold starts from them.
  std::vector<double> searched_window;
  double window_threshold = std::numeric_limits<double>::quiet_NaN();
};

struct StatEyeInput {
  EyeSignal victim;
  // A nonlinear victim LED: its own signal from these pattern-dependent levels (in units of
  // victim.swing_a above victim.base_a) instead of the superposition of its pulse; the pulse
  // stays the phase reference. Null: linear superposition.
  std::shared_ptr<const PatternResponse> victim_patterns;
  std::vector<EyeSignal> aggressors;  // each with its own independent random data
  double thermal_sigma_a = 0.0;       // rms receiver noise, input-referred and filtered
  double shot_a2_per_a = 0.0;         // shot-noise variance per ampere of signal: 2 q B_n (0 = off)
  double jitter_rms_ui = 0.0;
  ThresholdMode threshold = ThresholdMode::kOptimal;
  std::optional<int> fixed_phase_samples;  // sample here (forwarded clock) instead of the best
  bool bathtubs = true;
  // false: skip the eye-height searches (eye_height_* come back NaN); BER, phase, threshold and
  // eye widths are unchanged. Sweeps use it on every channel but the worst.
  bool eye_heights = true;
  // true: stop once the phase and threshold are chosen (and the BER there): no eye widths,
  // heights or bathtubs. What a forwarded clock's first pass needs, each channel's own best
  // instant; the fixed-phase pass then computes the rest.
  bool phase_only = false;
  // A phase_only eye whose caller reads only the phase (a forwarded clock's own instants, of
  // which a row samples at the median): where the jittered phase search moves the phase from the
  // one the threshold was searched at, the threshold is not searched again there (the phase
  // returned is the same either way); threshold_a and log10_ber are then the first search's
  // threshold and the BER at the new phase there, an upper bound on the searched one.
  bool phase_alone = false;
  // A phase_only eye whose BER need only be known to be small: the jittered BER at this phase
  // (fixed_phase_samples where set) and at the jitter-free BER's best threshold near threshold_a
  // (an upper bound on the searched BER) is returned as it is, flagged, where it is at most
  // 10^log10_enough; the full search runs only where it is not. For a link whose channels were
  // searched before (the aged array).
  struct BoundFirst {
    int phase_samples = 0;
    double threshold_a = 0.0;
    double log10_enough = 0.0;
  };
  std::optional<BoundFirst> bound_first;
  // Where the eye's distributions, and the last threshold it searched (KeptEye), are kept for the
  // next eye of the same channel (the same input but for the phase, the openings and bound_first,
  // which neither depends on): taken from here when it holds a set, left here after. A forwarded
  // clock evaluates a channel at its own best phase and then at its row's. Null: a fresh set
  // from the thread's pool.
  KeptEye* kept = nullptr;
};

// Where an opening of the eye ends: phases in UI from the victim's pulse peak (at the chosen
// threshold), thresholds in A (at the chosen phase). A closed eye has both ends of each at the
// chosen point; the thresholds are NaN when eye heights were skipped.
struct EyeEdges {
  double left_ui = 0.0;
  double right_ui = 0.0;
  double low_a = 0.0;
  double high_a = 0.0;
};

struct StatEyeResult {
  int phase_samples = 0;  // chosen sampling phase relative to the victim's pulse peak
  double threshold_a = 0.0;
  double log10_ber = 0.0;
  double eye_height_a = 0.0;  // at kEyeOpeningBer
  double eye_width_ui = 0.0;
  double eye_height_1e12_a = 0.0;
  double eye_width_1e12_ui = 0.0;
  double noise_rms_a = 0.0;  // total Gaussian rms at the 0 level, small taps lumped in
  EyeEdges edges;            // of the opening at kEyeOpeningBer
  EyeEdges edges_1e12;       // ... at 1e-12
  std::vector<BathtubPoint> bathtub_phase;      // x: UI from the chosen phase
  std::vector<BathtubPoint> bathtub_threshold;  // x: A from the chosen threshold
  bool ber_is_bound = false;  // StatEyeInput::bound_first's bound, not the searched BER
};

// Statistical eye of one channel: the exact distribution of inter-symbol interference and
// crosstalk (every significant tap of the victim's and each aggressor's pulse response, each a
// fair random bit), convolved with Gaussian thermal + signal-dependent shot noise, averaged over
// Gaussian sampling jitter over +-12 sigma. Taps below a twentieth of the thermal noise or 1e-4 of
// the cursor are lumped into the Gaussian (their exact distribution cannot be told apart from it).
// BERs below the double range are kept as logarithms.
StatEyeResult stat_eye(const StatEyeInput& input);

// The whole statistical eye of one channel: log10 BER at every sampling phase of two UI around the
// pulse peak and at thresholds spread evenly over the signal's full amplitude range, with the same
// noise, crosstalk and jitter as stat_eye(). For contour plots (the BER at each point is exact,
// only the grid is coarse).
struct StatEyeGrid {
  std::vector<double> phase_ui;     // sampling phase relative to the pulse peak, UI
  std::vector<double> threshold_a;  // decision threshold, photocurrent A
  std::vector<double> log10_ber;    // row-major [threshold][phase]
};
StatEyeGrid stat_eye_grid(const StatEyeInput& input, int phases, int thresholds);

// log10 BER, jitter in, at any whole-sample phase in [-1, 1] UI from the pulse peak and any
// threshold of one channel's eye, with the same model as stat_eye(); each phase's distribution is
// built once and kept (a mask test asks many points around one decision point). Holds a copy of
// the input; the pulse responses it points to must outlive the probe.
struct StatEyeProbeState;
class StatEyeProbe {
 public:
  explicit StatEyeProbe(const StatEyeInput& input);
  ~StatEyeProbe();
  StatEyeProbe(const StatEyeProbe&) = delete;
  StatEyeProbe& operator=(const StatEyeProbe&) = delete;

  int samples_per_ui() const;
  // The lowest and highest amplitude the distribution at a phase reaches, either cursor bit.
  std::pair<double, double> amplitude_range(int phase_samples);
  // Phases beyond one UI either side are clamped to it.
  double log10_ber(int phase_samples, double threshold_a);

 private:
  std::unique_ptr<StatEyeProbeState> state_;
};

}  // namespace mosaic::phy

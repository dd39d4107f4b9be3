#pragma once

#include <array>
#include <optional>

#include "mosaic/phy/channel_result.hpp"
#include "mosaic/phy/stat_eye.hpp"

namespace mosaic::phy {

class LinkEvaluator;

// One opening of a channel's statistical eye: its size and where it ends (EyeEdges).
struct EyeOpening {
  double ber = 0.0;
  double height_a = 0.0;  // at the sampling phase
  double width_ui = 0.0;  // at the decision threshold
  EyeEdges edges;
};

// The timing terms the model has, for one channel at its sampling point. Only the Gaussian
// sampling jitter is random; the deterministic terms are read off the channel's own pulse
// response and its neighbours' (the statistical eye's taps) without noise or jitter.
struct JitterBudget {
  double ui_ps = 0.0;          // one unit interval
  double phase_step_ui = 0.0;  // the sampling phase moves in whole samples of this size
  double rj_rms_ui = 0.0;      // rx.jitter_rms_ps: Gaussian, independent of the data
  // Peak-to-peak deterministic jitter: one UI minus the horizontal opening, at the decision
  // threshold, of the eye the worst data pattern leaves with noise and jitter off (the spread of
  // the threshold crossings over every pattern). ISI: the channel's own pulse only; total: its
  // neighbours' crosstalk too. Empty when the worst pattern closes that eye at the sampling
  // phase (the peak distortion bounds nothing there).
  std::optional<double> dj_isi_pp_ui;
  std::optional<double> dj_total_pp_ui;
  // What the crosstalk adds: total less ISI, 0 where the two differ by their rounding alone
  // (1e-9 UI: neighbours too faint to move the worst pattern's crossings).
  std::optional<double> dj_crosstalk_pp_ui;
  // The sampling phase minus the phase this channel alone would choose: a forwarded clock's row
  // phase sits off it by the row's skew residue; 0 with a per-channel CDR.
  double phase_offset_ui = 0.0;
  bool forwarded_clock = false;  // rx.clock
  double q_kp4 = 0.0;            // Q(z) = 2.4e-4: z
  double q_1e12 = 0.0;
  // Dual-Dirac total jitter DJ + 2 Q(BER) RJ from the total peak-to-peak DJ (the dual-Dirac
  // model's DJ is at most that: an upper bound); empty where the DJ is.
  std::optional<double> tj_dual_dirac_kp4_ui;
  std::optional<double> tj_dual_dirac_1e12_ui;
  // One UI minus the statistical eye's opening (0 when it is open wider): exact in the model,
  // amplitude noise included.
  double tj_stat_eye_kp4_ui = 0.0;
  double tj_stat_eye_1e12_ui = 0.0;
};

// A hexagonal eye mask centred on the decision point (sampling phase, decision threshold): its
// points on the threshold at +-half_width_ui, its flat top and bottom between +-flat_half_width_ui
// at +-half_height_swing of the channel's signal swing. Chosen figures, not a standard's: the
// module's receiver has no published mask.
struct EyeMaskSpec {
  double ber = kEyeOpeningBer;  // the mask must lie where the BER is at most this
  double half_width_ui = 0.25;
  double flat_half_width_ui = 0.1;
  double half_height_swing = 0.2;
};

struct EyeMask {
  EyeMaskSpec spec;
  double half_height_a = 0.0;
  // Corners from the left point clockwise: phase (UI from the pulse peak), threshold (A).
  std::array<std::array<double, 2>, 6> vertices{};
  // How far the mask can be scaled about the decision point before it leaves the region where
  // the BER is at most spec.ber (checked along the rays through its corners and edge midpoints);
  // at most kMaxMaskScale, 0 when the decision point itself is outside.
  double scale = 0.0;
  double margin_percent = 0.0;  // (scale - 1) * 100
  bool pass = false;            // scale >= 1
};

inline constexpr double kMaxMaskScale = 4.0;

// The mask test on an eye (probe), around the decision point (phase_samples, threshold_a).
EyeMask eye_mask(StatEyeProbe& probe, int phase_samples, double threshold_a, double swing_a,
                 const EyeMaskSpec& spec = {});

// The jitter budget of a statistical eye (input, one UI of `ui_s` seconds) at its result `at`
// (phase and threshold); `free_phase_samples` is the phase the channel would choose alone.
JitterBudget jitter_budget(const StatEyeInput& input, const StatEyeResult& at,
                           int free_phase_samples, double ui_s);

// What the report annotates on one channel's statistical eye: its openings at KP4 and 1e-12,
// the jitter budget and the mask test.
struct EyeAnalysis {
  int channel = 0;
  double sampling_phase_ui = 0.0;  // from the pulse peak
  double threshold_a = 0.0;
  double signal_a = 0.0;  // the main cursor's swing
  double log10_ber = 0.0;
  EyeOpening kp4;
  EyeOpening ber_1e12;
  JitterBudget jitter;
  EyeMask mask;
};

// The analysis of a live channel, sampled at `fixed_phase_samples` (a forwarded clock's phase)
// or at its own best phase.
EyeAnalysis analyse_eye(LinkEvaluator& evaluator, int channel,
                        std::optional<int> fixed_phase_samples, const EyeMaskSpec& mask = {});

}  // namespace mosaic::phy

#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/phy/array_layout.hpp"
#include "mosaic/phy/channel_result.hpp"
#include "mosaic/phy/fiber.hpp"
#include "mosaic/phy/pulse_response.hpp"
#include "mosaic/phy/stat_eye.hpp"

namespace mosaic::phy {

// Photocurrent levels of one channel at the photodiode.
struct ChannelLevels {
  double low_a = 0.0;   // 0-level photocurrent
  double high_a = 0.0;  // 1-level photocurrent
};

ChannelLevels channel_levels(const LinkSpec& spec, double received_power_dbm);

// The statistical-eye view of a built array: shared chain, per-channel pulse responses (computed
// on first use, thread-safe) and the per-channel stat-eye input with crosstalk from the live
// neighbours. evaluate() and the Monte Carlo engine both start from it.
// The CTLE tuner's range, whole dB from 0: a one-zero, two-pole stage peaks no further in the
// receivers the presets describe. A link tuned to the top of it is said to be (assumptions, text).
inline constexpr int kMaxCtlePeakingDb = 16;

// What an evaluation of a channel searches beyond its phase, threshold and BER. The openings cost
// more than the BER (the widths alone a quarter of a sweep's ISI distributions: the phases at
// the eye's edges and the jitter's reach beyond them), and an evaluation read only for its BERs
// (the ageing's, a margin's steps, a calibration member's) has no use for them.
enum class EyeOpenings {
  kNone,              // eye widths, heights and their edges, and the noise rms: NaN
  kWidths,            // eye heights NaN (StatEyeInput::eye_heights)
  kWidthsAndHeights,  // everything
};

class LinkEvaluator {
 public:
  // ctle_peaking_db: nullopt = auto-tune per link on the nominal channel (if the spec says so).
  // ctle_tune_from: auto-tune by descent from this peaking (dB) to the nearest local minimum of
  // the same criterion instead of trying all 17 settings (for a design close to one whose
  // setting is known).
  LinkEvaluator(const LinkSpec& spec, std::span<const double> extra_loss_db = {},
                std::optional<double> ctle_peaking_db = std::nullopt,
                std::optional<int> ctle_tune_from = std::nullopt);
  // The same link with extra per-channel losses (an aged array): a loss changes the powers only,
  // so the spec, fiber, CTLE setting, chain, noise and every pulse response are `fresh`'s, which
  // must outlive this evaluator. The same results as LinkEvaluator(fresh.design_spec(),
  // extra_loss_db) where `fresh` tuned its CTLE itself, without the tuning and the pulses again.
  LinkEvaluator(LinkEvaluator& fresh, std::span<const double> extra_loss_db);

  // The spec the physics runs on: receiver and fiber figures at the case temperature
  // (at_case_temperature); design_spec() is the one it was built from.
  const LinkSpec& spec() const { return spec_; }
  const LinkSpec& design_spec() const { return design_; }
  const FiberResponse& fiber() const { return fiber_; }
  const ArrayLayout& layout() const { return layout_; }
  const ChainModel& chain() const { return *chain_; }
  double ctle_peaking_db() const { return ctle_peaking_db_; }
  double thermal_sigma_a() const { return thermal_sigma_a_; }
  double shot_a2_per_a() const { return shot_a2_per_a_; }

  const PulseResponse& pulse(int channel);
  // A nonlinear LED's slot light at this channel's bandwidth (null for a linear LED), computed on
  // first use, thread-safe.
  std::shared_ptr<const SlotLight> slot_light(int channel);
  // Stat-eye input of a live channel; the pointers stay valid as long as this evaluator.
  StatEyeInput eye_input(int channel, bool bathtubs);
  // Runs the statistical eye and fills everything of ChannelResult but the role; `openings` says
  // which of the eye's openings it searches beyond the phase, threshold and BER.
  ChannelResult evaluate_channel(int channel, bool bathtubs,
                                 std::optional<int> fixed_phase_samples = std::nullopt,
                                 EyeOpenings openings = EyeOpenings::kWidthsAndHeights,
                                 std::optional<StatEyeInput::BoundFirst> bound_first = {},
                                 KeptEye* kept = nullptr);
  // A live channel's own best sampling phase (samples from its pulse peak), the phase the full
  // evaluation would choose, without the eye widths, heights and bathtubs.
  int best_phase_samples(int channel, KeptEye* kept = nullptr);
  // Absolute sampling instant of a channel's phase choice, in samples (for clock groups).
  double absolute_phase_samples(int channel, int phase_samples);
  int phase_for_absolute(int channel, double absolute_samples);

 private:
  double tune_ctle(std::optional<int> from) const;

  LinkSpec design_;
  LinkSpec spec_;
  FiberResponse fiber_;
  ArrayLayout layout_;
  double ctle_peaking_db_ = 0.0;
  std::shared_ptr<const ChainModel> chain_;
  LinkEvaluator* pulses_from_ = nullptr;  // an aged evaluator's fresh one
  bool ctle_given_ = false;               // the constructor was handed the peaking
  double thermal_sigma_a_ = 0.0;
  double shot_a2_per_a_ = 0.0;
  std::vector<std::unique_ptr<PulseResponse>> pulses_;
  std::vector<std::once_flag> pulse_once_;
  std::vector<std::shared_ptr<const SlotLight>> slot_lights_;
  std::vector<std::once_flag> slot_light_once_;
};

}  // namespace mosaic::phy

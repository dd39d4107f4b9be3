#pragma once

#include <optional>
#include <span>

#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::phy {

// The received power at which one channel reaches a BER, with the impairments peeled off one at a
// time so that the penalties of a link budget are differences of sensitivities:
//   ideal_infinite_er  noise only (the receiver's thermal and shot noise), a 0 level of no light
//   ideal              the same at the design's extinction ratio
//   no_crosstalk       the channel's own pulse (bandwidth, dispersion, CTLE: ISI) and jitter
//   full               with the live neighbours' crosstalk: what the statistical eye reports
// Each is the mean received optical power (dBm) at `target_ber`, found by scaling the eye's
// photocurrents (the victim's and, for `full`, its aggressors' together: a uniform loss, as the
// link's optical margin takes it). Nothing where no power within 72 dB of the channel's own
// reaches the target: a floor (ISI or crosstalk) above it.
struct ChannelSensitivity {
  std::optional<double> ideal_infinite_er_dbm;  // nothing only for noise beyond 72 dB of light
  std::optional<double> ideal_dbm;
  std::optional<double> no_crosstalk_dbm;
  std::optional<double> full_dbm;
};

// The uniform optical loss (dB; negative: light to add) at which the eye's BER crosses
// `target_ber`: every photocurrent of `eye` (the victim's and its aggressors') scaled by
// 10^(-loss/10), bracketed in 6 dB steps and bisected to 0.004 dB. Nothing for a floor (above the
// target with 72 dB more light); 72 when still below it 72 dB down (a bound).
std::optional<double> loss_to_target(const StatEyeInput& eye, double target_ber);

// The smallest loss_to_target over `eyes` (a link's optical margin over its weakest channels),
// nothing if any of them has a floor. The same figure as taking each one's loss_to_target, with
// less work: once the first eye's loss L is known, an eye still below the target at L plus the
// bisection's tolerance crosses beyond L (BER rises with the loss) and cannot be the smallest,
// so it costs one evaluation instead of a search. Put the likeliest smallest first. The result
// does not depend on `threads`.
std::optional<double> smallest_loss_to_target(std::span<const StatEyeInput> eyes, double target_ber,
                                              int threads);

// `fixed_phase_samples`: sample there (a forwarded clock's phase), else at the best phase.
// peel = false: only `full` (the others left empty), for a second target on the same channel.
ChannelSensitivity channel_sensitivity(LinkEvaluator& ev, int channel, double target_ber,
                                       std::optional<int> fixed_phase_samples = std::nullopt,
                                       bool peel = true);

}  // namespace mosaic::phy

#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/phy/channel_result.hpp"
#include "mosaic/phy/stat_eye.hpp"

namespace mosaic::phy {

class LinkEvaluator;

struct EvalOptions {
  int threads = 0;  // 0 = all cores; results do not depend on it
  Progress* progress = nullptr;
  // Extra optical loss per channel (dB, indexed like the array), e.g. LED ageing. Empty = none.
  std::span<const double> extra_loss_db = {};
  bool bathtubs = true;     // fill ChannelResult::bathtub_* (off for fast re-evaluation)
  bool eye_heights = true;  // search eye_height_* (off: NaN; sweeps keep only the worst's)
  // Off: the phase, threshold and BER alone (EyeOpenings::kNone), for an evaluation read only for
  // its BERs (the ageing's); eye widths and heights NaN, no bathtubs.
  bool eye_widths = true;
  // Per channel (indexed like the array; empty = none): with eye_widths off, a bound to take
  // instead of the search where it is low enough (StatEyeInput::bound_first; ChannelResult::
  // ber_is_bound); with a forwarded clock only at a group's phase that is not the channel's own,
  // near its own best threshold (its own phase is searched: the group's median needs it). The
  // ageing's (reliability::AgedBers).
  std::span<const std::optional<StatEyeInput::BoundFirst>> bound_first = {};
};

struct PhyResult {
  std::vector<ChannelResult> channels;  // one per pixel of the array, row-major
  double ctle_peaking_db = 0.0;         // the link's equalizer setting (auto-tuned or given)
  bool ctle_at_limit = false;           // auto-tuned to the top of its range (kMaxCtlePeakingDb)
  double noise_bandwidth_hz = 0.0;
  double fiber_sigma_ps = 0.0;  // rms of the fiber's impulse response
  double fiber_sigma_cd_ps = 0.0;
  double fiber_sigma_md_ps = 0.0;
  double kappa_adjacent = 0.0;
  double kappa_diagonal = 0.0;
  // Arrival-time spread of the live channels (latest minus earliest), in UI: over the link (what
  // the deskew buffer, link.max_skew_ui, must hold) and the largest within one clock group (an
  // array row: what a forwarded clock's single phase must straddle).
  double skew_spread_ui = 0.0;
  double skew_group_spread_ui = 0.0;
  std::vector<std::string> assumptions;
};

// Builds the array (per-channel variation, dead pixels, skews, neighbours) from the spec and its
// seed and runs the statistical eye on every live channel, crosstalk from its live neighbours in.
// Roles are not assigned here (see link::assign_roles).
PhyResult evaluate(const LinkSpec& spec, const EvalOptions& options = {});
// The same on an evaluator the caller keeps (e.g. to run Monte Carlo on the same array and pulse
// responses afterwards); options.extra_loss_db is then ignored: it was fixed when `ev` was built.
PhyResult evaluate(LinkEvaluator& ev, const EvalOptions& options = {});

// The weakest active channels (by BER) the optical margin searches.
inline constexpr int kMarginCandidates = 16;

// How much launch power every channel can lose (dB, uniformly, crosstalk scaling with it) before
// the first of the `active` channels reaches `target_ber`; negative when one is already above.
// Nothing when no launch within 72 dB either way reaches the target: an ISI or crosstalk floor
// above it (more light scales the floor with the signal). Searches the kMarginCandidates weakest
// active channels, at the phases `result` chose, each to 0.004 dB.
std::optional<double> optical_margin_db(const LinkSpec& spec, const PhyResult& result,
                                        std::span<const int> active, double target_ber,
                                        const EvalOptions& options = {});
// The same on the evaluator `result` came from (no extra loss, its CTLE): its pulse responses
// are reused.
std::optional<double> optical_margin_db(LinkEvaluator& ev, const PhyResult& result,
                                        std::span<const int> active, double target_ber,
                                        const EvalOptions& options = {});

}  // namespace mosaic::phy

#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "mosaic/phy/lazy_inverse_sigmas.hpp"
#include "mosaic/phy/q_sum_kernels.hpp"
#include "mosaic/phy/stat_eye.hpp"

namespace mosaic::phy {

// The statistical eye's amplitude grid: ISI and crosstalk on 256 bins (a multiple of 8, as the
// decision-sum kernels take whole groups of 8 bins).
inline constexpr int kIsiBins = 256;
static_assert(kIsiBins % 8 == 0, "q_sum kernels take whole groups of 8 bins");
static_assert(kIsiBins / 8 <= 64, "LazyInverseSigmas: one pending bit per group of 8 bins");

// ISI + crosstalk amplitude distribution at one sampling phase, cursor bit excluded; or, for a
// nonlinear victim (`split`), the whole signal's distribution for either cursor bit.
struct PhaseDistribution {
  double lo = 0.0;      // amplitude of bin 0
  double step = 1.0;    // bin width
  double cursor = 0.0;  // added when the cursor bit is 1 (0 when split)
  double lumped_var = 0.0;
  std::vector<double> p;  // cursor bit 0 when split
  bool split = false;     // p1 holds the distribution with the cursor bit at 1
  std::vector<double> p1;
  // The noise, 1/sigma at each bin for either cursor bit: computed as the sums first need it (a
  // distribution built by hand fills noise.inv_sigma0 and inv_sigma1, nothing pending).
  mutable kernels::LazyInverseSigmas noise;
  // The first and last bins with probability (either cursor bit when split), as the decision
  // sums take them (kernels::QSumInput): last_live < 0 where not known (they read p then).
  int first_live = 0;
  int last_live = -1;
  bool ready = false;
};

// Buffers reused between builds (no allocation per phase): each build clears what it reads.
struct IsiScratch {
  // The thread's own set, allocated once (not once an eye).
  static IsiScratch& of_this_thread();

  std::vector<double> taps;
  std::vector<double> kept;  // the taps kept exactly, smallest first
  // Two halved histograms with guard bands (kernels::add_fair_bit), one tap's input and output.
  std::vector<double> halves[2];
  PatternLevels levels;
};

// The distribution at phase s (samples from the victim's pulse peak): every significant tap of
// the victim's pulse one UI apart (cursor excluded) and of each aggressor's, each a fair random
// bit, convolved exactly; taps far below the noise lumped into its Gaussian; the noise's 1/sigma
// at every bin for either cursor bit. With the victim's pattern levels (StatEyeInput::
// victim_patterns) the victim's own signal is their window levels, one histogram per cursor bit,
// convolved with its taps outside the window and the aggressors'.
void build_phase_distribution(const StatEyeInput& in, int s, PhaseDistribution& dist,
                              IsiScratch& scratch);

// The decision sum's input at threshold d of a (not split) distribution, its noise computed as
// the sum needs it (QSumInput::lazy).
kernels::QSumInput decision_input(const PhaseDistribution& dist, double d);

// The noise's rms at the histogram's first bin, cursor bit 0.
double noise_rms_a(const PhaseDistribution& dist);

// The lowest and highest amplitude a distribution holds, either cursor bit.
std::pair<double, double> amplitude_range(const PhaseDistribution& dist);

// ln BER at threshold d of a phase's distribution, without jitter: exact in the log domain far
// below the double range.
double log_ber_without_jitter(const PhaseDistribution& dist, double d);

// A lower bound on that ln BER from the distribution's two extreme bins alone (kernels::
// q_sum_log_lower_bound; -inf for a split distribution), at most 1e-9 above it (the kernels'
// exp).
double log_ber_lower_bound_without_jitter(const PhaseDistribution& dist, double d);

// An upper bound on that ln BER from the distribution's extreme live bins and its least 1/sigma
// (+inf for a split distribution): the cursor-1 tail is at most Q of the lowest bin's distance
// and the cursor-0 tail Q of the highest's, Q(z) <= e^(-z^2/2) / 2, with room for the kernels'
// rounding.
double log_ber_upper_bound_without_jitter(const PhaseDistribution& dist, double d);

// The same ln BER (its bits) with its derivative in the threshold: of the sum the kernels compute
// (kernels::QSum), or of the log-domain sum's exact terms.
struct LogBerSlope {
  double log_ber = 0.0;
  double slope = 0.0;
};
LogBerSlope log_ber_slope_without_jitter(const PhaseDistribution& dist, double d);

// The same ln BER (its bits) with ln of each tail's share of it, the cursor bit 1 read as 0
// (rising with the threshold) and the 0 read as 1 (falling): ln BER at any threshold above d is
// at least log_tail1's, below d at least log_tail0's. Not for a split distribution.
struct LogBerTails {
  double log_ber = 0.0;
  double log_tail1 = 0.0;
  double log_tail0 = 0.0;
};
std::optional<LogBerTails> log_ber_tails_without_jitter(const PhaseDistribution& dist, double d);

}  // namespace mosaic::phy

#include "mosaic/phy/isi_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <utility>
#include <vector>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/histogram_kernels.hpp"
#include "mosaic/phy/log_domain_ber.hpp"
#include "mosaic/phy/q_sum_kernels.hpp"
#include "mosaic/phy/tap_kernels.hpp"
#include "mosaic/phy/tap_summary.hpp"

namespace mosaic::phy {
namespace {

constexpr int kMaxExactTaps = 48;
constexpr double kTailScale = 700.0;  // ln of the factor a deep-tail decision sum is scaled by

}  // namespace

IsiScratch& IsiScratch::of_this_thread() {
  thread_local IsiScratch scratch;
  return scratch;
}

void build_phase_distribution(const StatEyeInput& in, int s, PhaseDistribution& dist,
                              IsiScratch& scratch) {
  const auto& v = in.victim;
  double shift = v.base_a;
  for (const auto& a : in.aggressors) shift += a.base_a;
  const int k_lo = -in.victim.pulse->span_ui / 2;
  const int k_hi = in.victim.pulse->span_ui / 2;
  // A nonlinear victim: its window levels (below) and its main-effect taps outside the window.
  PatternLevels& levels = scratch.levels;
  double window_lo = 0.0;  // lowest and highest window level (A above shift)
  double window_hi = 0.0;
  double cursor_size = 0.0;  // what the cursor bit moves the signal by (the lumping's scale)
  if (in.victim_patterns) {
    in.victim_patterns->at(s, levels);
    window_lo = v.swing_a * std::min(*std::min_element(levels.level0.begin(), levels.level0.end()),
                                     *std::min_element(levels.level1.begin(), levels.level1.end()));
    window_hi = v.swing_a * std::max(*std::max_element(levels.level0.begin(), levels.level0.end()),
                                     *std::max_element(levels.level1.begin(), levels.level1.end()));
    double mean0 = 0.0, mean1 = 0.0;
    for (std::size_t w = 0; w < levels.level0.size(); ++w) {
      mean0 += levels.level0[w];
      mean1 += levels.level1[w];
    }
    cursor_size = v.swing_a * (mean1 - mean0) / static_cast<double>(levels.level0.size());
    dist.cursor = 0.0;
    dist.split = true;
  } else {
    dist.cursor = v.swing_a * v.pulse->at(s, 0);
    dist.split = false;
    cursor_size = dist.cursor;
  }
  // Taps far below the noise are indistinguishable from Gaussian noise once convolved with it:
  // lump them (mean and variance exact) and keep the distribution for the ones that matter. Each
  // tap goes one way or the other as it is gathered.
  const double tiny = std::max(1e-4 * std::abs(cursor_size),
                               0.05 * std::sqrt(in.thermal_sigma_a * in.thermal_sigma_a));
  std::vector<double>& kept = scratch.kept;   // at or above `tiny`, in the order gathered
  std::vector<double>& small = scratch.taps;  // below it: lumped
  kept.clear();
  small.clear();
  // Lumped from a row's summary (TapSummary) rather than tap by tap: half the sum and a quarter of
  // the sum of squares of the taps it leaves.
  double summarised_mean = 0.0;
  double summarised_var = 0.0;
  // The taps of a whole row (but the cursor's column, `cursor_col`, where it is not -1) from its
  // summary: its largest while they reach `tiny`, the rest as two sums. False, with nothing
  // taken, where the summary cannot tell: more than its kTop taps kept, or a cursor to leave out
  // that is not among the kept ones (then the lumped sums would have to subtract it).
  auto gather_row = [&](const PulseResponse& pulse, int r, int cursor_col, double swing) {
    const TapSummary& row = pulse.tap_summaries[r];
    const std::size_t kept_first = kept.size();
    bool cursor_out = cursor_col < 0;
    int k = 0;
    for (; k < row.count; ++k) {
      const double t = swing * row.top_sample[k];
      if (!(std::abs(t) >= tiny)) break;
      if (row.top[k] == cursor_col) {
        cursor_out = true;
        continue;
      }
      kept.push_back(t);
    }
    if (!cursor_out || (k == row.count && std::abs(swing * row.next) >= tiny)) {
      kept.resize(kept_first);
      return false;
    }
    summarised_mean += 0.5 * (swing * row.rest_sum[k]);
    summarised_var += 0.25 * ((swing * swing) * row.rest_squares[k]);
    return true;
  };
  // Samples one UI apart around the pulse's peak: from the pulse regrouped by phase where it has
  // that (the taps side by side), else walking its circular buffer with a stride (no division per
  // tap: this runs for every phase of every channel). The taps are written into room made
  // beforehand (kernels::split_taps sorts them into kept and lumped as it goes).
  auto first_sample = [&](const PulseResponse& pulse, int phase) {
    const int n = static_cast<int>(pulse.h.size());
    const int i = (pulse.peak + phase + k_lo * pulse.samples_per_ui) % n;
    return i < 0 ? i + n : i;
  };
  auto gather = [&](const PulseResponse& pulse, int phase, double swing, bool skip_cursor) {
    const int n = static_cast<int>(pulse.h.size());
    int i = first_sample(pulse, phase);
    const int step = pulse.samples_per_ui;
    // Sample i is row i mod step, column i / step; the next UI's is the next column: the taps are
    // one run of the row, wrapped once, the cursor left out of the victim's. Where that run is
    // every column of the row, its summary may do.
    const int span = pulse.span_ui;
    const int j0 = i / step;
    if (!pulse.tap_summaries.empty() && k_hi - k_lo == span &&
        gather_row(pulse, i % step, skip_cursor ? (j0 - k_lo) % span : -1, swing))
      return;
    const std::size_t room = static_cast<std::size_t>(k_hi - k_lo);
    const std::size_t kept_first = kept.size();
    const std::size_t small_first = small.size();
    kept.resize(kept_first + room);
    small.resize(small_first + room);
    kernels::TapOutputs out{kept.data() + kept_first, small.data() + small_first};
    if (!pulse.by_phase.empty()) {
      const double* row = pulse.by_phase.data() + static_cast<std::size_t>(i % step) * span;
      auto run = [&](int k_from, int k_to) {  // taps k in [k_from, k_to)
        int j = j0 + (k_from - k_lo);
        if (j >= span) j -= span;
        while (k_from < k_to) {
          const int count = std::min(k_to - k_from, span - j);
          kernels::split_taps(row + j, count, swing, tiny, out);
          k_from += count;
          j = 0;
        }
      };
      if (skip_cursor) {
        run(k_lo, 0);
        run(1, k_hi);
      } else {
        run(k_lo, k_hi);
      }
    } else {
      const double* h = pulse.h.data();
      // Runs of taps up to each wrap of the buffer: within a run the index is i + step (k - k0),
      // with no wrap test on the chain from one tap to the next.
      for (int k = k_lo; k < k_hi;) {
        const int run_end = std::min(k_hi, k + (n - i + step - 1) / step);
        for (; k < run_end; ++k, i += step)
          if (!(skip_cursor && k == 0)) kernels::split_taps(h + i, 1, swing, tiny, out);
        if (i >= n) i -= n;
      }
    }
    kept.resize(static_cast<std::size_t>(out.big - kept.data()));
    small.resize(static_cast<std::size_t>(out.small - small.data()));
  };
  // The neighbours' summaries are in as many pulses, seldom still in the cache: all asked for
  // before the first is read.
  for (const auto& a : in.aggressors) {
    const PulseResponse& pulse = *a.pulse;
    if (pulse.tap_summaries.empty()) continue;
    const char* at = reinterpret_cast<const char*>(
        &pulse.tap_summaries[first_sample(pulse, s + a.offset_samples) % pulse.samples_per_ui]);
    for (std::size_t line = 0; line < sizeof(TapSummary); line += 64) __builtin_prefetch(at + line);
  }
  if (in.victim_patterns) {
    for (double t : levels.taps)
      (std::abs(v.swing_a * t) >= tiny ? kept : small).push_back(v.swing_a * t);
  } else {
    gather(*v.pulse, s, v.swing_a, true);
  }
  for (const auto& a : in.aggressors) gather(*a.pulse, s + a.offset_samples, a.swing_a, false);

  // The largest kMaxExactTaps of the kept taps are convolved exactly, smallest first: the
  // histogram's occupied bins, which each tap's pass runs over, then grow from a few instead of
  // from the largest tap's reach (a sixth of the bins the passes ran over, on the 40-point 800G
  // sweep: 0.38 G against 2.24 G). The linear split of each tap is a convolution, so the order
  // changes the histogram in its rounding only.
  const kernels::LumpedTaps lumped =
      kernels::lump_taps(small.data(), static_cast<int>(small.size()));
  std::size_t exact = kept.size();
  const auto larger = [](double a, double b) { return std::abs(a) > std::abs(b); };
  double beyond_mean = 0.0;  // kept taps beyond the largest kMaxExactTaps: lumped too
  double beyond_var = 0.0;
  if (exact > static_cast<std::size_t>(kMaxExactTaps)) {
    std::nth_element(kept.begin(), kept.begin() + kMaxExactTaps, kept.end(), larger);
    for (std::size_t t = kMaxExactTaps; t < exact; ++t) {
      beyond_mean += 0.5 * kept[t];
      beyond_var += 0.25 * (kept[t] * kept[t]);
    }
    exact = kMaxExactTaps;
  }
  std::sort(kept.begin(), kept.begin() + exact,
            [](double a, double b) { return std::abs(a) < std::abs(b); });
  double lo = shift;
  double range = 0.0;
  for (std::size_t t = 0; t < exact; ++t) {
    lo += std::min(kept[t], 0.0);
    range += std::abs(kept[t]);
  }
  lo += (lumped.mean + summarised_mean) + beyond_mean;
  const double lumped_var = (lumped.variance + summarised_var) + beyond_var;
  dist.lumped_var = lumped_var;
  if (dist.split) {
    lo += window_lo;
    range += window_hi - window_lo;
  }
  dist.lo = lo;
  // Without any exact tap every bin but the first is empty; keep the grid narrow anyway.
  dist.step = std::max(range, 1e-9 * std::abs(cursor_size) + 1e-30) / (kIsiBins - 1);
  constexpr int kOffset = kernels::fair_bit_buffer_offset(kIsiBins);
  // Convolves the exact taps into a histogram whose highest occupied bin is `top`: each tap reads
  // the halved histogram in one buffer and writes the next halved one into the other, the last
  // tap the whole one into p, bins 0 to the top it returns.
  auto add_taps = [&](std::vector<double>& p, int top) {
    if (exact == 0) return top;
    // Only the data bins are ever written: the guard bands stay 0 from the first resize. A data
    // bin may still hold an earlier histogram's value: each tap's input is cleared where the
    // tap reads it beyond its top (up to the whole bins it moves, and one).
    for (auto& h : scratch.halves) h.resize(kernels::fair_bit_buffer_size(kIsiBins), 0.0);
    double* half[2] = {scratch.halves[0].data() + kOffset, scratch.halves[1].data() + kOffset};
    for (int i = 0; i <= top; ++i) half[0][i] = 0.5 * p[i];
    for (std::size_t t = 0; t < exact; ++t) {
      // A tap {0, a} with a < 0 is a + {0, |a|}: the offset went into lo above.
      const bool last = t + 1 == exact;
      const double u = std::abs(kept[t]) / dist.step;
      const int read_to = std::min(kIsiBins - 1, top + static_cast<int>(u) + 1);
      std::fill(half[t % 2] + top + 1, half[t % 2] + std::max(top, read_to) + 1, 0.0);
      top = kernels::add_fair_bit(half[t % 2], top, u, kIsiBins, last ? 1.0 : 0.5,
                                  last ? p.data() : half[(t + 1) % 2]);
    }
    return top;
  };
  if (dist.split) {
    // One histogram per cursor bit of the window's levels (equiprobable), mass split linearly
    // between the two bins around each level.
    auto window = [&](const std::vector<double>& level, std::vector<double>& p) {
      p.assign(kIsiBins, 0.0);
      const double w = 1.0 / static_cast<double>(level.size());
      int top = 0;
      for (double x : level) {
        const double u = (v.swing_a * x - window_lo) / dist.step;
        const int i = std::clamp(static_cast<int>(u), 0, kIsiBins - 2);
        const double f = std::clamp(u - i, 0.0, 1.0);
        p[i] += w * (1.0 - f);
        p[i + 1] += w * f;
        top = std::max(top, f > 0.0 ? i + 1 : i);
      }
      add_taps(p, top);
    };
    window(levels.level0, dist.p);
    window(levels.level1, dist.p1);
  } else {
    // Every bin up to the histogram's top is written; those above it are cleared.
    dist.p.resize(kIsiBins);
    dist.p[0] = 1.0;
    const int top = add_taps(dist.p, 0);
    std::fill(dist.p.begin() + top + 1, dist.p.end(), 0.0);
  }
  const auto live = [&](int i) { return dist.p[i] != 0.0 || (dist.split && dist.p1[i] != 0.0); };
  dist.last_live = kIsiBins - 1;
  while (dist.last_live >= 0 && !live(dist.last_live)) --dist.last_live;
  dist.first_live = 0;
  while (dist.first_live < dist.last_live && !live(dist.first_live)) ++dist.first_live;
  // The noise: computed where the sums first need it, but for the extreme live bins' groups,
  // which every cutoff reads and which bound the rest.
  kernels::LazyInverseSigmas& noise = dist.noise;
  noise.lo = dist.lo;
  noise.step = dist.step;
  noise.cursor = dist.cursor;
  noise.base_var = in.thermal_sigma_a * in.thermal_sigma_a + dist.lumped_var;
  noise.shot_per_a = in.shot_a2_per_a;
  noise.floor_var = std::pow(1e-6 * std::abs(v.swing_a) + 1e-30, 2);
  noise.start(kIsiBins);
  const int first = std::max(dist.first_live, 0), last = std::max(dist.last_live, 0);
  noise.compute_bins(first, first);
  noise.compute_bins(last, last);
  noise.least_inv_sigma0 = std::min(noise.inv_sigma0[first], noise.inv_sigma0[last]);
  noise.least_inv_sigma1 = std::min(noise.inv_sigma1[first], noise.inv_sigma1[last]);
  dist.ready = true;
}

namespace {

// Every group of the noise that holds a live bin, for the sums that read them all.
void compute_live_sigmas(const PhaseDistribution& dist) {
  dist.noise.compute_bins(dist.first_live, dist.last_live);
}

template <bool kSlope>
LogBerSlope from_sum(const kernels::QSum& q, double log_scale) {
  return {std::log(0.5 * q.sum) - log_scale, kSlope ? q.slope / q.sum : 0.0};
}

template <bool kSlope, class Input, class Plain, class WithSlope>
std::optional<LogBerSlope> from_sums(Input& q, Plain plain, WithSlope with_slope) {
  auto sum = [&] {
    if constexpr (kSlope)
      return with_slope(q);
    else
      return kernels::QSum{plain(q), 0.0};
  };
  const kernels::QSum first = sum();
  if (first.sum > 1e-280) return from_sum<kSlope>(first, 0.0);
  // Deep in the tail: the same sum scaled by e^700, then e^1400, reaches BERs down to ~1e-890
  // (each pass is tried only when the one before found nothing above 1e-280) ...
  for (const double scale : {kTailScale, 2.0 * kTailScale}) {
    q.log_scale = scale;
    const kernels::QSum scaled = sum();
    if (scaled.sum > 1e-280) return from_sum<kSlope>(scaled, scale);
  }
  // ... and below that it is redone in the log domain, so the BER stays a finite number.
  return std::nullopt;
}

// Every term of the BER at threshold d, each bin's p times Q of either cursor bit's error, for
// the log domain (below the scaled sums' reach).
LogDomainBer log_domain_terms(const PhaseDistribution& dist, double d) {
  compute_live_sigmas(dist);
  LogDomainBer acc;
  for (int i = 0; i < kIsiBins; ++i) {
    const double x0 = dist.lo + i * dist.step;
    if (dist.split) {
      const double inv = dist.noise.inv_sigma0[i];
      if (dist.p1[i] > 0.0) acc.add(dist.p1[i], (x0 - d) * inv, -inv, true);
      if (dist.p[i] > 0.0) acc.add(dist.p[i], (d - x0) * inv, inv, false);
    } else if (const double p = dist.p[i]; p > 0.0) {
      acc.add(p, (x0 + dist.cursor - d) * dist.noise.inv_sigma1[i], -dist.noise.inv_sigma1[i],
              true);
      acc.add(p, (d - x0) * dist.noise.inv_sigma0[i], dist.noise.inv_sigma0[i], false);
    }
  }
  return acc;
}

// log_ber_without_jitter for a split (nonlinear victim) distribution.
template <bool kSlope>
LogBerSlope log_ber_split(const PhaseDistribution& dist, double d) {
  compute_live_sigmas(dist);
  kernels::QSumSplitInput q;
  q.p0 = dist.p.data();
  q.p1 = dist.p1.data();
  q.inv_sigma = dist.noise.inv_sigma0.data();
  q.bins = kIsiBins;
  q.lo = dist.lo;
  q.step = dist.step;
  q.threshold = d;
  if (auto r = from_sums<kSlope>(q, kernels::q_sum_split, kernels::q_sum_split_slope)) return *r;
  return log_domain_terms(dist, d).result<kSlope>();
}

template <bool kSlope>
LogBerSlope log_ber_at(const PhaseDistribution& dist, double d) {
  if (dist.split) return log_ber_split<kSlope>(dist, d);
  kernels::QSumInput q = decision_input(dist, d);
  if (auto r = from_sums<kSlope>(q, kernels::q_sum, kernels::q_sum_slope)) return *r;
  return log_domain_terms(dist, d).result<kSlope>();
}

}  // namespace

kernels::QSumInput decision_input(const PhaseDistribution& dist, double d) {
  kernels::QSumInput q;
  q.p = dist.p.data();
  q.inv_sigma0 = dist.noise.inv_sigma0.data();
  q.inv_sigma1 = dist.noise.inv_sigma1.data();
  q.bins = kIsiBins;
  q.lo = dist.lo;
  q.step = dist.step;
  q.cursor = dist.cursor;
  q.threshold = d;
  q.first_live = dist.first_live;
  q.last_live = dist.last_live;
  q.lazy = dist.noise.pending != 0 ? &dist.noise : nullptr;
  return q;
}

std::optional<LogBerTails> log_ber_tails_without_jitter(const PhaseDistribution& dist, double d) {
  if (dist.split) return std::nullopt;
  kernels::QSumInput q = decision_input(dist, d);
  const auto logs = [](const kernels::QSumTails& t, double scale) {
    return LogBerTails{std::log(0.5 * t.sum) - scale, std::log(0.5 * t.tail1) - scale,
                       std::log(0.5 * t.tail0) - scale};
  };
  const kernels::QSumTails first = kernels::q_sum_tails(q);
  if (first.sum > 1e-280) return logs(first, 0.0);
  for (const double scale : {kTailScale, 2.0 * kTailScale}) {
    q.log_scale = scale;
    const kernels::QSumTails scaled = kernels::q_sum_tails(q);
    if (scaled.sum > 1e-280) return logs(scaled, scale);
  }
  return log_domain_terms(dist, d).tails();
}

double noise_rms_a(const PhaseDistribution& dist) {
  dist.noise.compute_bins(0, 0);
  return 1.0 / dist.noise.inv_sigma0[0];
}

std::pair<double, double> amplitude_range(const PhaseDistribution& dist) {
  const double top = dist.lo + (kIsiBins - 1) * dist.step;
  return {std::min(dist.lo, dist.lo + dist.cursor), std::max(top, top + dist.cursor)};
}

double log_ber_without_jitter(const PhaseDistribution& dist, double d) {
  return log_ber_at<false>(dist, d).log_ber;
}

double log_ber_lower_bound_without_jitter(const PhaseDistribution& dist, double d) {
  if (dist.split) return -std::numeric_limits<double>::infinity();
  return std::log(0.5) + kernels::q_sum_log_lower_bound(decision_input(dist, d));
}

double log_ber_upper_bound_without_jitter(const PhaseDistribution& dist, double d) {
  if (dist.split || dist.last_live < 0) return std::numeric_limits<double>::infinity();
  // ln of Q's bound at a distance times a 1/sigma below every live bin's: every bin of the tail
  // lies at least that far from d, and the probabilities sum to 1. At or inside d, Q <= 1.
  const auto ln_tail = [](double distance, double least_inv_sigma) {
    if (!(distance > 0.0)) return 0.0;
    const double z = distance * least_inv_sigma;
    return -0.5 * z * z - std::numbers::ln2;
  };
  const double lowest_one = dist.lo + dist.first_live * dist.step + dist.cursor;
  const double highest_zero = dist.lo + dist.last_live * dist.step;
  // ln BER = ln (sum / 2), the sum at most twice the larger tail's bound; 1e-6 covers the
  // kernels' exp (2e-10), the probabilities' rounding and z's.
  constexpr double kRoundingRoom = 1e-6;
  return std::max(ln_tail(lowest_one - d, dist.noise.least_inv_sigma1),
                  ln_tail(d - highest_zero, dist.noise.least_inv_sigma0)) +
         kRoundingRoom;
}

LogBerSlope log_ber_slope_without_jitter(const PhaseDistribution& dist, double d) {
  return log_ber_at<true>(dist, d);
}

}  // namespace mosaic::phy

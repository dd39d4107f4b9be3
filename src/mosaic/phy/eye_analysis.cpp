#include "mosaic/phy/eye_analysis.hpp"

#include <algorithm>
#include <cmath>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/isi_distribution.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::phy {
namespace {

// The mask's rays: each is marched in this many steps out to kMaxMaskScale, then its crossing
// bisected this many times (to 4 / 2^30 of the mask's size).
constexpr int kMaskMarchSteps = 32;
constexpr int kMaskBisections = 30;
// Two worst-pattern widths found by separate walks (with and without the neighbours) differ by
// their rounding alone below this (UI).
constexpr double kDjRounding = 1e-9;

// How far the worst data pattern leaves the eye open at phase s and threshold d, noise and
// jitter off: the smaller of the gaps between d and the highest 0 level and the lowest 1 level
// (A; negative when a pattern crosses d). The taps the statistical eye lumps into its Gaussian
// noise are left out here too.
double worst_pattern_gap(const StatEyeInput& in, int s, double d, IsiScratch& scratch) {
  PhaseDistribution dist;
  build_phase_distribution(in, s, dist, scratch);
  const auto first = [](const std::vector<double>& p) {
    return static_cast<int>(std::find_if(p.begin(), p.end(), [](double x) { return x > 0.0; }) -
                            p.begin());
  };
  const auto last = [](const std::vector<double>& p) {
    int i = static_cast<int>(p.size()) - 1;
    while (i > 0 && !(p[i] > 0.0)) --i;
    return i;
  };
  const double zero_max = dist.lo + last(dist.p) * dist.step;
  const double one_min = dist.split ? dist.lo + first(dist.p1) * dist.step
                                    : dist.lo + first(dist.p) * dist.step + dist.cursor;
  return std::min(d - zero_max, one_min - d);
}

// The mean photocurrent the neighbours of `of` add at phase s (A): each one's all-zeros level and
// half its swing times its taps, as the statistical eye gathers them.
double mean_crosstalk(const StatEyeInput& of, int s) {
  const int half_span = of.victim.pulse->span_ui / 2;
  double mean = 0.0;
  for (const auto& a : of.aggressors) {
    double taps = 0.0;
    for (int k = -half_span; k < half_span; ++k) taps += a.pulse->at(s + a.offset_samples, k);
    mean += a.base_a + 0.5 * a.swing_a * taps;
  }
  return mean;
}

// The worst-pattern eye's horizontal opening around phase s0 at threshold d minus `shift(s)`
// (samples, ends interpolated linearly in the gap); empty when it is closed at s0.
template <class Shift>
std::optional<double> worst_pattern_width(const StatEyeInput& in, int s0, double d, Shift&& shift) {
  IsiScratch scratch;
  const int os = in.victim.pulse->samples_per_ui;
  const double g0 = worst_pattern_gap(in, s0, d - shift(s0), scratch);
  if (!(g0 > 0.0)) return std::nullopt;
  const auto end = [&](int dir) {
    double prev = g0;
    for (int k = 1; k <= os; ++k) {
      const int s = s0 + dir * k;
      const double g = worst_pattern_gap(in, s, d - shift(s), scratch);
      if (!(g > 0.0)) return s0 + dir * (k - 1 + prev / (prev - g));
      prev = g;
    }
    return static_cast<double>(s0 + dir * os);
  };
  return end(+1) - end(-1);
}

}  // namespace

JitterBudget jitter_budget(const StatEyeInput& input, const StatEyeResult& at,
                           int free_phase_samples, double ui_s) {
  const int os = input.victim.pulse->samples_per_ui;
  JitterBudget b;
  b.ui_ps = ui_s * 1e12;
  b.phase_step_ui = 1.0 / os;
  b.rj_rms_ui = input.jitter_rms_ui;
  b.phase_offset_ui = static_cast<double>(at.phase_samples - free_phase_samples) / os;
  const auto dj = [&](const std::optional<double>& width) -> std::optional<double> {
    if (!width) return std::nullopt;
    return std::clamp(1.0 - *width / os, 0.0, 1.0);
  };
  // The channel alone is seen at the threshold less the neighbours' mean light, which moves the
  // eye without closing it: only their patterns' spread is the crosstalk's jitter.
  StatEyeInput alone = input;
  alone.aggressors.clear();
  b.dj_isi_pp_ui = dj(worst_pattern_width(alone, at.phase_samples, at.threshold_a,
                                          [&](int s) { return mean_crosstalk(input, s); }));
  b.dj_total_pp_ui =
      dj(worst_pattern_width(input, at.phase_samples, at.threshold_a, [](int) { return 0.0; }));
  if (b.dj_isi_pp_ui && b.dj_total_pp_ui) {
    const double added = *b.dj_total_pp_ui - *b.dj_isi_pp_ui;
    b.dj_crosstalk_pp_ui = std::abs(added) < kDjRounding ? 0.0 : added;
  }
  b.q_kp4 = q_inverse(kEyeOpeningBer);
  b.q_1e12 = q_inverse(1e-12);
  if (b.dj_total_pp_ui) {
    b.tj_dual_dirac_kp4_ui = *b.dj_total_pp_ui + 2.0 * b.q_kp4 * b.rj_rms_ui;
    b.tj_dual_dirac_1e12_ui = *b.dj_total_pp_ui + 2.0 * b.q_1e12 * b.rj_rms_ui;
  }
  // An eye open over more than a UI (no ISI and no jitter) spends none of it.
  b.tj_stat_eye_kp4_ui = std::clamp(1.0 - at.eye_width_ui, 0.0, 1.0);
  b.tj_stat_eye_1e12_ui = std::clamp(1.0 - at.eye_width_1e12_ui, 0.0, 1.0);
  return b;
}

EyeMask eye_mask(StatEyeProbe& probe, int phase_samples, double threshold_a, double swing_a,
                 const EyeMaskSpec& spec) {
  const int os = probe.samples_per_ui();
  EyeMask m;
  m.spec = spec;
  m.half_height_a = spec.half_height_swing * swing_a;
  const double w = spec.half_width_ui;
  const double f = spec.flat_half_width_ui;
  const double h = m.half_height_a;
  // Offsets from the decision point (UI, A), clockwise from the left point.
  const std::array<std::array<double, 2>, 6> corner{
      {{-w, 0.0}, {-f, h}, {f, h}, {w, 0.0}, {f, -h}, {-f, -h}}};
  const double centre_ui = static_cast<double>(phase_samples) / os;
  for (std::size_t i = 0; i < corner.size(); ++i)
    m.vertices[i] = {centre_ui + corner[i][0], threshold_a + corner[i][1]};
  const double level = std::log10(spec.ber);
  // Between whole-sample phases log10 BER is interpolated linearly, as the eye width's ends are.
  const auto log10_ber = [&](double x_ui, double y_a) {
    const double p = phase_samples + x_ui * os;
    const double lo = std::floor(p);
    const double t = p - lo;
    const double a = probe.log10_ber(static_cast<int>(lo), y_a);
    if (t == 0.0) return a;
    return a + t * (probe.log10_ber(static_cast<int>(lo) + 1, y_a) - a);
  };
  if (!(log10_ber(0.0, threshold_a) <= level)) {
    m.scale = 0.0;
    m.margin_percent = -100.0;
    return m;
  }
  double scale = kMaxMaskScale;
  for (std::size_t i = 0; i < 2 * corner.size(); ++i) {
    // Even rays through the corners, odd ones through the midpoints of the edges after them.
    const auto& a = corner[i / 2];
    const auto& b = corner[(i / 2 + 1) % corner.size()];
    const double dx = i % 2 ? 0.5 * (a[0] + b[0]) : a[0];
    const double dy = i % 2 ? 0.5 * (a[1] + b[1]) : a[1];
    const auto inside = [&](double t) { return log10_ber(t * dx, threshold_a + t * dy) <= level; };
    double in = 0.0;
    double out = -1.0;
    for (int k = 1; k <= kMaskMarchSteps && in < scale; ++k) {
      const double t = kMaxMaskScale * k / kMaskMarchSteps;
      if (!inside(t)) {
        out = t;
        break;
      }
      in = t;
    }
    if (out < 0.0) continue;  // inside as far as the mask is scaled, or beyond the best so far
    for (int it = 0; it < kMaskBisections; ++it) {
      const double mid = 0.5 * (in + out);
      (inside(mid) ? in : out) = mid;
    }
    scale = std::min(scale, in);
  }
  m.scale = scale;
  m.margin_percent = (scale - 1.0) * 100.0;
  m.pass = scale >= 1.0;
  return m;
}

EyeAnalysis analyse_eye(LinkEvaluator& evaluator, int channel,
                        std::optional<int> fixed_phase_samples, const EyeMaskSpec& mask) {
  StatEyeInput in = evaluator.eye_input(channel, false);
  in.fixed_phase_samples = fixed_phase_samples;
  const StatEyeResult r = stat_eye(in);
  const int free_phase =
      fixed_phase_samples ? evaluator.best_phase_samples(channel) : r.phase_samples;
  const int os = in.victim.pulse->samples_per_ui;
  EyeAnalysis a;
  a.channel = channel;
  a.sampling_phase_ui = static_cast<double>(r.phase_samples) / os;
  a.threshold_a = r.threshold_a;
  a.signal_a = in.victim.swing_a * in.victim.pulse->at(r.phase_samples, 0);
  a.log10_ber = r.log10_ber;
  a.kp4 = {kEyeOpeningBer, r.eye_height_a, r.eye_width_ui, r.edges};
  a.ber_1e12 = {1e-12, r.eye_height_1e12_a, r.eye_width_1e12_ui, r.edges_1e12};
  a.jitter = jitter_budget(in, r, free_phase, evaluator.chain().bit_period_s());
  a.jitter.forwarded_clock = evaluator.spec().rx.clock == ClockMode::kForwardedClock;
  StatEyeProbe probe(in);
  a.mask = eye_mask(probe, r.phase_samples, r.threshold_a, a.signal_a, mask);
  return a;
}

}  // namespace mosaic::phy

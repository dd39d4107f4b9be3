#include "mosaic/phy/stat_eye.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/math/minimize.hpp"
#include "mosaic/phy/histogram_kernels.hpp"
#include "mosaic/phy/q_sum_kernels.hpp"

namespace mosaic::phy {
namespace {

constexpr int kBins = 256;
static_assert(kBins % 8 == 0, "q_sum kernels take whole groups of 8 bins");
constexpr int kMaxExactTaps = 48;
constexpr int kThresholdGrid = 24;
// Threshold search: the best threshold to 1e-3 of a scan cell (ln BER is flat at its minimum, so
// this moves it by far less than its last printed digit); "on the end" of the refinement bracket
// means within 1e-2 of a cell of it.
constexpr double kThresholdTolerance = 1e-3;
constexpr double kBracketEndCells = 1e-2;
constexpr double kBracketCells = 2.0;  // the refinement bracket: this many scan cells either side
constexpr double kLn10 = std::numbers::ln10;
constexpr double kNegInf = -std::numeric_limits<double>::infinity();
constexpr double kJitterReachSigma = 12.0;
constexpr double kTailScale = 700.0;  // ln of the factor a deep-tail decision sum is scaled by
// Jitter grid: deep in the tail the BER changes by orders of magnitude within a sample.
constexpr double kJitterStepsPerSample = 32.0;

// ISI + crosstalk amplitude distribution at one sampling phase, cursor bit excluded.
struct PhaseDistribution {
  double lo = 0.0;      // amplitude of bin 0
  double step = 1.0;    // bin width
  double cursor = 0.0;  // added when the cursor bit is 1
  double lumped_var = 0.0;
  std::vector<double> p;
  std::vector<double> inv_sigma0;  // 1/sigma at each bin, cursor 0
  std::vector<double> inv_sigma1;  // ... cursor 1
  bool ready = false;
};

// One tap of the jitter average: the Gaussian's mass over one cell of its grid.
struct JitterTap {
  int m;         // whole-sample offset below the cell's centre
  double frac;   // fraction of a sample above it
  double log_w;  // ln of the cell's share of the Gaussian
};

// The jitter grid for an rms of `jitter_samples`. Jitter is continuous but the phases are whole
// samples: the Gaussian is integrated on a grid of 1/32 of a sample over +-12 sigma (the weight
// left outside, 4e-33, is below anything a BER tail can hold against it), with ln BER
// interpolated between the neighbouring sample phases (with_jitter). A narrower cut would
// renormalise away exactly the rare large excursions that set the BER far below 1e-20; weights on
// whole samples alone would understate the jitter's variance when it is below a sample. Each grid
// point carries the Gaussian's probability over its own cell (the cell masses are exact
// differences of the normal CDF, so they sum to 1 - 2 Q(12)). Every channel of a link has the same
// jitter, so each thread keeps the last grid it built.
std::vector<JitterTap> jitter_grid(double jitter_samples) {
  thread_local double built_for = -1.0;
  thread_local std::vector<JitterTap> taps;
  if (built_for == jitter_samples) return taps;
  taps.clear();
  const double reach = kJitterReachSigma * jitter_samples;
  const int steps = std::max(32, static_cast<int>(std::ceil(reach * kJitterStepsPerSample)));
  const double h = reach / steps;
  for (int j = -steps; j <= steps; ++j) {
    const double tau = reach * j / steps;
    const double m = std::floor(tau);
    const double a = (tau - 0.5 * h) / jitter_samples;
    const double b = (tau + 0.5 * h) / jitter_samples;
    // Mass of [a, b] from the side where both tails are small, kept in the log domain.
    const double log_mass = a >= 0.0   ? log_q(a) + std::log1p(-std::exp(log_q(b) - log_q(a)))
                            : b <= 0.0 ? log_q(-b) + std::log1p(-std::exp(log_q(-a) - log_q(-b)))
                                       : std::log1p(-std::exp(log_q(-a)) - std::exp(log_q(b)));
    taps.push_back({static_cast<int>(m), tau - m, log_mass});
  }
  built_for = jitter_samples;
  return taps;
}

class Engine {
 public:
  explicit Engine(const StatEyeInput& in) : in_(in) {
    os_ = in.victim.pulse->samples_per_ui;
    span_ = in.victim.pulse->span_ui;
    const double jitter_samples = in.jitter_rms_ui * os_;
    if (jitter_samples > 0.05) {
      const double reach = kJitterReachSigma * jitter_samples;
      margin_ = static_cast<int>(std::ceil(reach)) + 2;
      jitter_ = jitter_grid(jitter_samples);
      jitter_m_lo_ = jitter_.front().m;
      jitter_m_hi_ = jitter_.back().m;
      at_m_.resize(jitter_m_hi_ - jitter_m_lo_ + 4);
      terms_.resize(jitter_.size());
    }
    cache_.resize(2 * (os_ + margin_) + 1);
    mean_level_ = in.victim.base_a + 0.5 * in.victim.swing_a;
    for (const auto& a : in.aggressors) mean_level_ += a.base_a + 0.5 * a.swing_a;
  }

  StatEyeResult run() {
    StatEyeResult r;
    const int half = os_ / 2;
    double d = mean_level_;
    Horizontal h(*this, d);
    int s = 0;
    if (in_.fixed_phase_samples) {
      s = *in_.fixed_phase_samples;
    } else if (in_.threshold == ThresholdMode::kOptimal) {
      // Only a starting phase for the threshold search, which the jittered phase search at the
      // best threshold then corrects: the jitter-free BER at the mean level places it well
      // enough, without a jitter average per phase.
      s = argmin_phase([&](int p) { return log_ber0(p, d); }, -half, half);
    } else {
      s = argmin_phase(h, -half, half);
    }
    if (in_.threshold == ThresholdMode::kOptimal) {
      d = best_threshold(s);
      h = Horizontal(*this, d);
      if (!in_.fixed_phase_samples) {
        const int s2 = argmin_phase(h, -half, half);
        if (s2 != s) {
          s = s2;
          d = best_threshold(s);
          h = Horizontal(*this, d);
        }
      }
    }
    r.phase_samples = s;
    r.threshold_a = d;
    r.log10_ber = h(s) / kLn10;
    const auto& dist = distribution(s);
    r.noise_rms_a = 1.0 / dist.inv_sigma0[0];
    r.eye_width_ui = eye_width(h, s, std::log(kEyeOpeningBer));
    r.eye_width_1e12_ui = eye_width(h, s, std::log(1e-12));
    if (in_.eye_heights) {
      const auto [grid, v] = vertical(s);
      r.eye_height_a = eye_height(grid, v, d, s, std::log(kEyeOpeningBer));
      r.eye_height_1e12_a = eye_height(grid, v, d, s, std::log(1e-12));
    } else {
      r.eye_height_a = std::numeric_limits<double>::quiet_NaN();
      r.eye_height_1e12_a = std::numeric_limits<double>::quiet_NaN();
    }
    if (in_.bathtubs) {
      const auto [grid, v] = vertical(s);
      for (int p = -os_; p < os_; ++p)
        r.bathtub_phase.push_back({double(p - s) / os_, h(p) / kLn10});
      for (std::size_t i = 0; i < grid.size(); ++i)
        r.bathtub_threshold.push_back({grid[i] - d, v[i] / kLn10});
    }
    return r;
  }

  StatEyeGrid grid(int phases, int thresholds) {
    StatEyeGrid g;
    double a = std::numeric_limits<double>::infinity();
    double b = -a;
    std::vector<int> samples;
    for (int i = 0; i < phases; ++i) {
      const int s = -os_ + static_cast<int>(std::lround(double(2 * os_ - 1) * i / (phases - 1)));
      if (!samples.empty() && samples.back() == s) continue;  // fewer samples than asked
      samples.push_back(s);
      g.phase_ui.push_back(double(s) / os_);
      const auto [lo, hi] = amplitude_range(s);
      a = std::min(a, lo);
      b = std::max(b, hi);
    }
    for (int i = 0; i < thresholds; ++i)
      g.threshold_a.push_back(a + (b - a) * i / (thresholds - 1));
    g.log10_ber.reserve(g.phase_ui.size() * g.threshold_a.size());
    for (double d : g.threshold_a)
      for (int s : samples) g.log10_ber.push_back(log_ber(s, d) / kLn10);
    return g;
  }

 private:
  // ln BER with jitter against phase in [-os, os) at one threshold, each phase computed on first
  // use: the phase search and the eye width need only the phases around the eye, the bathtub
  // all of them. Values do not depend on the order they are asked in.
  class Horizontal {
   public:
    Horizontal(Engine& engine, double d)
        : engine_(&engine),
          d_(d),
          l0_(engine.cache_.size()),
          out_(engine.cache_.size()),
          have_l0_(engine.cache_.size(), 0),
          have_out_(engine.cache_.size(), 0) {}

    double operator()(int s) {
      const int i = engine_->index(s);
      if (!have_out_[i]) {
        out_[i] =
            engine_->margin_ == 0 ? l0(s) : engine_->with_jitter([&](int m) { return l0(s + m); });
        have_out_[i] = 1;
      }
      return out_[i];
    }

   private:
    double l0(int s) {
      const int i = engine_->index(s);
      if (!have_l0_[i]) {
        l0_[i] = engine_->log_ber0(s, d_);
        have_l0_[i] = 1;
      }
      return l0_[i];
    }

    Engine* engine_;
    double d_;
    std::vector<double> l0_, out_;
    std::vector<char> have_l0_, have_out_;
  };

  int index(int s) const { return s + os_ + margin_; }

  const PhaseDistribution& distribution(int s) {
    PhaseDistribution& dist = cache_[index(s)];
    if (dist.ready) return dist;
    const auto& v = in_.victim;
    double shift = v.base_a;
    for (const auto& a : in_.aggressors) shift += a.base_a;
    dist.cursor = v.swing_a * v.pulse->at(s, 0);
    taps_.clear();
    const int k_lo = -span_ / 2;
    const int k_hi = span_ / 2;
    // Samples one UI apart around the pulse's peak, walking its circular buffer (no division per
    // tap: this runs for every phase of every channel).
    auto gather = [&](const PulseResponse& pulse, int phase, double swing, bool skip_cursor) {
      const int n = static_cast<int>(pulse.h.size());
      int i = (pulse.peak + phase + k_lo * pulse.samples_per_ui) % n;
      if (i < 0) i += n;
      for (int k = k_lo; k < k_hi; ++k) {
        if (!(skip_cursor && k == 0)) taps_.push_back(swing * pulse.h[i]);
        i += pulse.samples_per_ui;
        if (i >= n) i -= n;
      }
    };
    gather(*v.pulse, s, v.swing_a, true);
    for (const auto& a : in_.aggressors) gather(*a.pulse, s + a.offset_samples, a.swing_a, false);

    // Taps far below the noise are indistinguishable from Gaussian noise once convolved with it:
    // lump them (mean and variance exact) and keep the distribution for the ones that matter.
    const double tiny = std::max(1e-4 * std::abs(dist.cursor),
                                 0.05 * std::sqrt(in_.thermal_sigma_a * in_.thermal_sigma_a));
    // The largest taps at or above `tiny` (at most kMaxExactTaps), largest first, are kept
    // exactly; only those need sorting.
    const auto larger = [](double a, double b) { return std::abs(a) > std::abs(b); };
    auto kept_end = std::partition(taps_.begin(), taps_.end(),
                                   [tiny](double a) { return std::abs(a) >= tiny; });
    if (kept_end - taps_.begin() > kMaxExactTaps) {
      std::nth_element(taps_.begin(), taps_.begin() + kMaxExactTaps, kept_end, larger);
      kept_end = taps_.begin() + kMaxExactTaps;
    }
    std::sort(taps_.begin(), kept_end, larger);
    const auto exact = static_cast<std::size_t>(kept_end - taps_.begin());
    double lo = shift;
    double range = 0.0;
    for (std::size_t t = 0; t < exact; ++t) {
      lo += std::min(taps_[t], 0.0);
      range += std::abs(taps_[t]);
    }
    for (std::size_t t = exact; t < taps_.size(); ++t) {
      lo += 0.5 * taps_[t];
      dist.lumped_var += 0.25 * taps_[t] * taps_[t];
    }
    dist.lo = lo;
    // Without any exact tap every bin but the first is empty; keep the grid narrow anyway.
    dist.step = std::max(range, 1e-9 * std::abs(dist.cursor) + 1e-30) / (kBins - 1);
    dist.p.assign(kBins, 0.0);
    dist.p[0] = 1.0;
    int top = 0;  // highest occupied bin
    std::vector<double>& next = scratch_;
    next.resize(2 * kBins + 1);
    padded_.resize(3 * kBins + 3);
    for (std::size_t t = 0; t < exact; ++t) {
      // A tap {0, a} with a < 0 is a + {0, |a|}: the offset went into lo above.
      const int new_top = kernels::add_fair_bit(dist.p.data(), top, std::abs(taps_[t]) / dist.step,
                                                kBins, next.data(), padded_.data());
      std::copy(next.begin(), next.begin() + new_top + 1, dist.p.begin());
      top = new_top;
    }
    dist.inv_sigma0.resize(kBins);
    dist.inv_sigma1.resize(kBins);
    kernels::inverse_sigmas(dist.lo, dist.step, dist.cursor,
                            in_.thermal_sigma_a * in_.thermal_sigma_a + dist.lumped_var,
                            in_.shot_a2_per_a, std::pow(1e-6 * std::abs(v.swing_a) + 1e-30, 2),
                            kBins, dist.inv_sigma0.data(), dist.inv_sigma1.data());
    dist.ready = true;
    return dist;
  }

  // ln BER at phase s and threshold d, without jitter.
  double log_ber0(int s, double d) {
    const auto& dist = distribution(s);
    kernels::QSumInput q;
    q.p = dist.p.data();
    q.inv_sigma0 = dist.inv_sigma0.data();
    q.inv_sigma1 = dist.inv_sigma1.data();
    q.bins = kBins;
    q.lo = dist.lo;
    q.step = dist.step;
    q.cursor = dist.cursor;
    q.threshold = d;
    const double sum = kernels::q_sum(q);
    if (sum > 1e-280) return std::log(0.5 * sum);
    // Deep in the tail: the same sum scaled by e^700, then e^1400, reaches BERs down to ~1e-890
    // (each pass is tried only when the one before found nothing above 1e-280) ...
    for (const double scale : {kTailScale, 2.0 * kTailScale}) {
      q.log_scale = scale;
      const double scaled = kernels::q_sum(q);
      if (scaled > 1e-280) return std::log(0.5 * scaled) - scale;
    }
    // ... and below that it is redone in the log domain, so the BER stays a finite number.
    LogSumExp acc;
    for (int i = 0; i < kBins; ++i) {
      const double p = dist.p[i];
      if (p == 0.0) continue;
      const double x0 = dist.lo + i * dist.step;
      const double lp = std::log(0.5 * p);
      acc.add(lp + log_q((x0 + dist.cursor - d) * dist.inv_sigma1[i]));
      acc.add(lp + log_q((d - x0) * dist.inv_sigma0[i]));
    }
    return acc.value();
  }

  // Jitter average from jitter-free ln BER at whole-sample offsets: at(m) = ln BER0(s + m).
  // Between samples ln BER0 is a Catmull-Rom cubic through the four nearest: near the eye centre
  // it is close to a parabola, which a straight line between samples overstates by a fraction of
  // a decade deep in the tail. The cubic is kept from rising above its two inner samples, so a
  // sharp eye edge cannot overshoot into a spurious error floor.
  template <class At>
  double with_jitter(At&& at) {
    for (int m = jitter_m_lo_ - 1; m <= jitter_m_hi_ + 2; ++m) at_m_[m - jitter_m_lo_ + 1] = at(m);
    const double* y_at = at_m_.data() - jitter_m_lo_ + 1;  // y_at[m] = ln BER0(s + m)
    double top = kNegInf;
    for (std::size_t t = 0; t < jitter_.size(); ++t) {
      const JitterTap& tap = jitter_[t];
      const double y1 = y_at[tap.m];
      double y = y1;
      if (tap.frac != 0.0) {
        const double y0 = y_at[tap.m - 1], y2 = y_at[tap.m + 1], y3 = y_at[tap.m + 2];
        const double f = tap.frac;
        y = y1 + 0.5 * f *
                     (y2 - y0 +
                      f * (2.0 * y0 - 5.0 * y1 + 4.0 * y2 - y3 + f * (3.0 * (y1 - y2) + y3 - y0)));
        if (!std::isfinite(y)) y = (1.0 - f) * y1 + f * y2;
        y = std::min(y, std::max(y1, y2));
      }
      terms_[t] = tap.log_w + y;
      top = std::max(top, terms_[t]);
    }
    if (top == kNegInf) return kNegInf;
    return top + std::log(kernels::sum_exp(terms_.data(), static_cast<int>(terms_.size()), top));
  }

  // ln BER with jitter at phase s.
  double log_ber(int s, double d) {
    if (margin_ == 0) return log_ber0(s, d);
    const int n = 2 * margin_ + 1;
    l0_.resize(n);
    for (int i = 0; i < n; ++i) l0_[i] = log_ber0(s - margin_ + i, d);
    return with_jitter([&](int m) { return l0_[std::clamp(m + margin_, 0, n - 1)]; });
  }

  template <class LogBerAtPhase>
  static int argmin_phase(LogBerAtPhase&& h, int from, int to) {
    int best = 0;
    double best_v = std::numeric_limits<double>::infinity();
    for (int s = from; s <= to; ++s) {
      const double v = h(s);
      if (v < best_v || (v == best_v && std::abs(s) < std::abs(best))) {
        best_v = v;
        best = s;
      }
    }
    return best;
  }

  std::pair<double, double> amplitude_range(int s) {
    const auto& dist = distribution(s);
    const double top = dist.lo + (kBins - 1) * dist.step;
    return {std::min(dist.lo, dist.lo + dist.cursor), std::max(top, top + dist.cursor)};
  }

  const std::pair<std::vector<double>, std::vector<double>>& vertical(int s) {
    if (vertical_phase_ == s) return vertical_;
    vertical_phase_ = s;
    const auto [a, b] = amplitude_range(s);
    std::vector<double> grid(kThresholdGrid), v(kThresholdGrid);
    for (int i = 0; i < kThresholdGrid; ++i) {
      grid[i] = a + (b - a) * (i + 0.5) / kThresholdGrid;
      v[i] = log_ber(s, grid[i]);
    }
    vertical_ = {std::move(grid), std::move(v)};
    return vertical_;
  }

  // Best threshold at phase s. Without jitter, ln BER against threshold is one V-shaped valley per
  // eye; the jitter average shifts its bottom by a fraction of the scan's cell at most where the
  // neighbouring phases' valleys line up. So the valley is found on a 24-point scan of the
  // jitter-free BER (one decision sum per point instead of one per phase the jitter reaches), and
  // its bottom refined with the jitter by Brent's method within two cells either side. Should the
  // refined minimum sit on an end of that bracket (the jitter moved the valley further), the scan
  // is redone with the jitter, as the full search.
  double best_threshold(int s) {
    const auto [a, b] = amplitude_range(s);
    const double step = (b - a) / kThresholdGrid;
    auto scan_minimum = [&](auto&& f) {
      double best = 0.0;
      double best_v = std::numeric_limits<double>::infinity();
      for (int i = 0; i < kThresholdGrid; ++i) {
        const double x = a + (b - a) * (i + 0.5) / kThresholdGrid;
        const double v = f(x);
        if (v < best_v) {
          best_v = v;
          best = x;
        }
      }
      return best;
    };
    auto refine = [&](double centre) {
      return brent_minimize([&](double x) { return log_ber(s, x); }, centre - kBracketCells * step,
                            centre + kBracketCells * step, kThresholdTolerance * step);
    };
    auto on_bracket_end = [&](double centre, double x) {
      return std::abs(std::abs(x - centre) - kBracketCells * step) < kBracketEndCells * step;
    };
    const double centre = scan_minimum([&](double x) { return log_ber0(s, x); });
    const Minimum m = refine(centre);
    if (margin_ == 0 || !on_bracket_end(centre, m.x)) return m.x;
    const auto& [grid, v] = vertical(s);
    const int i = static_cast<int>(std::min_element(v.begin(), v.end()) - v.begin());
    const Minimum again = refine(grid[i]);
    return again.f <= v[i] ? again.x : grid[i];
  }

  // Crossing of a log-BER level between two samples, by linear interpolation.
  static double crossing(double x_in, double v_in, double x_out, double v_out, double level) {
    if (v_out == v_in) return x_out;
    const double t = (level - v_in) / (v_out - v_in);
    return x_in + std::clamp(t, 0.0, 1.0) * (x_out - x_in);
  }

  double eye_width(Horizontal& h, int s, double level) const {
    if (!(h(s) <= level)) return 0.0;
    double left = -os_;
    for (int p = s; p > -os_; --p) {
      if (h(p - 1) > level) {
        left = crossing(p, h(p), p - 1, h(p - 1), level);
        break;
      }
    }
    double right = os_ - 1;
    for (int p = s; p < os_ - 1; ++p) {
      if (h(p + 1) > level) {
        right = crossing(p, h(p), p + 1, h(p + 1), level);
        break;
      }
    }
    return (right - left) / os_;
  }

  double eye_height(const std::vector<double>& grid, const std::vector<double>& v, double d, int s,
                    double level) {
    const double at_d = log_ber(s, d);
    if (!(at_d <= level)) return 0.0;
    // The grid brackets each edge of the eye; bisection then places it to 0.1% of the bracket,
    // since log-BER is far from linear across a grid cell near a sharp eye edge.
    auto edge = [&](double inside, double outside) {
      for (int it = 0; it < 8; ++it) {
        const double mid = 0.5 * (inside + outside);
        if (log_ber(s, mid) <= level) {
          inside = mid;
        } else {
          outside = mid;
        }
      }
      return 0.5 * (inside + outside);
    };
    const int n = static_cast<int>(grid.size());
    const int i0 = static_cast<int>(std::lower_bound(grid.begin(), grid.end(), d) - grid.begin());
    double up = grid.back();
    for (int i = i0; i < n; ++i) {
      if (v[i] > level) {
        up = edge(i == i0 ? d : grid[i - 1], grid[i]);
        break;
      }
    }
    double down = grid.front();
    for (int i = i0 - 1; i >= 0; --i) {
      if (v[i] > level) {
        down = edge(i == i0 - 1 ? d : grid[i + 1], grid[i]);
        break;
      }
    }
    return std::max(0.0, up - down);
  }

  const StatEyeInput& in_;
  int os_ = 0;
  int span_ = 0;
  int margin_ = 0;
  std::vector<JitterTap> jitter_;
  int jitter_m_lo_ = 0;  // offsets the taps reach; the cubic adds one below and two above
  int jitter_m_hi_ = 0;
  std::vector<double> at_m_;
  std::vector<double> terms_;
  std::vector<PhaseDistribution> cache_;
  std::vector<double> taps_;
  std::vector<double> scratch_;
  std::vector<double> padded_;
  std::vector<double> l0_;
  double mean_level_ = 0.0;
  std::optional<int> vertical_phase_;
  std::pair<std::vector<double>, std::vector<double>> vertical_;
};

}  // namespace

StatEyeResult stat_eye(const StatEyeInput& input) {
  return Engine(input).run();
}

StatEyeGrid stat_eye_grid(const StatEyeInput& input, int phases, int thresholds) {
  return Engine(input).grid(std::max(phases, 2), std::max(thresholds, 2));
}

}  // namespace mosaic::phy

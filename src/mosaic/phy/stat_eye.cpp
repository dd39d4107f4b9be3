#include "mosaic/phy/stat_eye.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/phy/q_sum_kernels.hpp"

namespace mosaic::phy {
namespace {

constexpr int kBins = 256;
static_assert(kBins % 8 == 0, "q_sum kernels take whole groups of 8 bins");
constexpr int kMaxExactTaps = 48;
constexpr int kThresholdGrid = 24;
constexpr double kLn10 = std::numbers::ln10;
constexpr double kNegInf = -std::numeric_limits<double>::infinity();
constexpr double kJitterReachSigma = 12.0;
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

class Engine {
 public:
  explicit Engine(const StatEyeInput& in) : in_(in) {
    os_ = in.victim.pulse->samples_per_ui;
    span_ = in.victim.pulse->span_ui;
    const double jitter_samples = in.jitter_rms_ui * os_;
    if (jitter_samples > 0.05) {
      // Jitter is continuous but the phases are whole samples: the Gaussian is integrated on a
      // grid of 1/32 of a sample over +-12 sigma (the weight left outside, 4e-33, is below
      // anything a BER tail can hold against it), with ln BER interpolated between the
      // neighbouring sample phases (with_jitter). A narrower cut would renormalise away exactly the
      // rare large excursions that set the BER far below 1e-20; weights on whole samples alone
      // would understate the jitter's variance when it is below a sample.
      const double reach = kJitterReachSigma * jitter_samples;
      margin_ = static_cast<int>(std::ceil(reach)) + 2;
      const int steps = std::max(32, static_cast<int>(std::ceil(reach * kJitterStepsPerSample)));
      // Each grid point carries the Gaussian's probability over its own cell (trapezoid-free:
      // the cell masses are exact differences of the normal CDF, so they sum to 1 - 2 Q(12)).
      const double h = reach / steps;
      for (int j = -steps; j <= steps; ++j) {
        const double tau = reach * j / steps;
        const double m = std::floor(tau);
        const double a = (tau - 0.5 * h) / jitter_samples;
        const double b = (tau + 0.5 * h) / jitter_samples;
        // Mass of [a, b] from the side where both tails are small, kept in the log domain.
        const double log_mass = a >= 0.0 ? log_q(a) + std::log1p(-std::exp(log_q(b) - log_q(a)))
                                : b <= 0.0
                                    ? log_q(-b) + std::log1p(-std::exp(log_q(-a) - log_q(-b)))
                                    : std::log1p(-std::exp(log_q(-a)) - std::exp(log_q(b)));
        jitter_.push_back({static_cast<int>(m), tau - m, log_mass});
      }
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
    int s = in_.fixed_phase_samples ? *in_.fixed_phase_samples : argmin_phase(h, -half, half);
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
    for (int k = k_lo; k < k_hi; ++k)
      if (k != 0) taps_.push_back(v.swing_a * v.pulse->at(s, k));
    for (const auto& a : in_.aggressors)
      for (int k = k_lo; k < k_hi; ++k)
        taps_.push_back(a.swing_a * a.pulse->at(s + a.offset_samples, k));

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
    for (std::size_t t = 0; t < exact; ++t) {
      // A tap {0, a} with a < 0 is a + {0, |a|}: the offset went into lo above.
      const double u = std::abs(taps_[t]) / dist.step;
      const int whole = static_cast<int>(u);
      const double frac = u - whole;
      const int new_top = std::min(kBins - 1, top + whole + 1);
      next.assign(new_top + 1, 0.0);
      if (top + whole + 1 <= kBins - 1) {
        // Nothing reaches the last bin: each output bin takes its three terms in the order the
        // scatter below adds them, from a zero-padded copy, in a loop the compiler vectorizes.
        // Same bits as the scatter.
        const double keep = 1.0 - frac;
        std::vector<double>& h = padded_;
        h.assign(static_cast<std::size_t>(top + 2 * whole + 3), 0.0);
        for (int i = 0; i <= top; ++i) h[whole + 1 + i] = 0.5 * dist.p[i];
        const double* hp = h.data();
        double* out = next.data();
        if (whole == 0) {
          for (int k = 0; k <= new_top; ++k) out[k] = (hp[k] * frac + hp[k + 1]) + hp[k + 1] * keep;
        } else {
          for (int k = 0; k <= new_top; ++k)
            out[k] = (hp[k] * frac + hp[k + 1] * keep) + hp[whole + 1 + k];
        }
      } else {
        for (int i = 0; i <= top; ++i) {
          const double half_p = 0.5 * dist.p[i];
          next[i] += half_p;
          const int j = std::min(i + whole, kBins - 1);
          next[j] += half_p * (1.0 - frac);
          next[std::min(j + 1, kBins - 1)] += half_p * frac;
        }
      }
      std::copy(next.begin(), next.end(), dist.p.begin());
      top = new_top;
    }
    dist.inv_sigma0.resize(kBins);
    dist.inv_sigma1.resize(kBins);
    const double base_var = in_.thermal_sigma_a * in_.thermal_sigma_a + dist.lumped_var;
    const double floor_var = std::pow(1e-6 * std::abs(v.swing_a) + 1e-30, 2);
    for (int i = 0; i < kBins; ++i) {
      const double x0 = dist.lo + i * dist.step;
      const double x1 = x0 + dist.cursor;
      dist.inv_sigma0[i] =
          1.0 / std::sqrt(std::max(base_var + in_.shot_a2_per_a * std::max(x0, 0.0), floor_var));
      dist.inv_sigma1[i] =
          1.0 / std::sqrt(std::max(base_var + in_.shot_a2_per_a * std::max(x1, 0.0), floor_var));
    }
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
    // Deep in the tail: redo the sum in the log domain so the BER stays a finite number.
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
  double with_jitter(At&& at) const {
    LogSumExp acc;
    for (const JitterTap& t : jitter_) {
      const double y1 = at(t.m);
      if (t.frac == 0.0) {
        acc.add(t.log_w + y1);
        continue;
      }
      const double y0 = at(t.m - 1), y2 = at(t.m + 1), y3 = at(t.m + 2);
      const double f = t.frac;
      double y =
          y1 + 0.5 * f *
                   (y2 - y0 +
                    f * (2.0 * y0 - 5.0 * y1 + 4.0 * y2 - y3 + f * (3.0 * (y1 - y2) + y3 - y0)));
      if (!std::isfinite(y)) y = (1.0 - f) * y1 + f * y2;
      acc.add(t.log_w + std::min(y, std::max(y1, y2)));
    }
    return acc.value();
  }

  // ln BER with jitter at phase s.
  double log_ber(int s, double d) {
    if (margin_ == 0) return log_ber0(s, d);
    const int n = 2 * margin_ + 1;
    l0_.resize(n);
    for (int i = 0; i < n; ++i) l0_[i] = log_ber0(s - margin_ + i, d);
    return with_jitter([&](int m) { return l0_[std::clamp(m + margin_, 0, n - 1)]; });
  }

  static int argmin_phase(Horizontal& h, int from, int to) {
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

  double best_threshold(int s) {
    const auto [grid, v] = vertical(s);
    const int i = static_cast<int>(std::min_element(v.begin(), v.end()) - v.begin());
    const double step = grid.size() > 1 ? grid[1] - grid[0] : 1.0;
    // Golden-section search inside the best grid cell's neighbourhood.
    double lo = grid[i] - step;
    double hi = grid[i] + step;
    constexpr double kGolden = 0.6180339887498949;
    double x1 = hi - kGolden * (hi - lo);
    double x2 = lo + kGolden * (hi - lo);
    double f1 = log_ber(s, x1);
    double f2 = log_ber(s, x2);
    for (int it = 0; it < 14; ++it) {
      if (f1 < f2) {
        hi = x2;
        x2 = x1;
        f2 = f1;
        x1 = hi - kGolden * (hi - lo);
        f1 = log_ber(s, x1);
      } else {
        lo = x1;
        x1 = x2;
        f1 = f2;
        x2 = lo + kGolden * (hi - lo);
        f2 = log_ber(s, x2);
      }
    }
    const double x = 0.5 * (lo + hi);
    return log_ber(s, x) <= v[i] ? x : grid[i];
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
  struct JitterTap {
    int m;         // whole-sample offset below the jitter instant
    double frac;   // fraction of a sample above it
    double log_w;  // ln of the tap's share of the Gaussian
  };
  int margin_ = 0;
  std::vector<JitterTap> jitter_;
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

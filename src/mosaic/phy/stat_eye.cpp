#include "mosaic/phy/stat_eye.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "mosaic/core/math/minimize.hpp"
#include "mosaic/phy/distribution_pool.hpp"
#include "mosaic/phy/eye_opening.hpp"
#include "mosaic/phy/isi_distribution.hpp"
#include "mosaic/phy/jitter_window.hpp"
#include "mosaic/phy/lowest_phase.hpp"
#include "mosaic/phy/stat_eye_jitter.hpp"
#include "mosaic/phy/stat_eye_threshold.hpp"

namespace mosaic::phy {
// Named rather than anonymous: StatEyeProbeState (declared in the header) holds an Engine, and a
// member of a type with internal linkage is a warning wherever the file is included (unity builds).
namespace stat_eye_engine {

// A bound's threshold (Engine::bound): the jitter-free valley's bottom, only as closely as the
// bound needs (the jittered one lies a few tenths of a cell from it, a few 1e-4 decades higher).
constexpr double kBoundTolerance = 1e-2;
constexpr double kLn10 = std::numbers::ln10;

class Engine {
 public:
  explicit Engine(const StatEyeInput& in) : in_(in) {
    os_ = in.victim.pulse->samples_per_ui;
    const double jitter_samples = in.jitter_rms_ui * os_;
    if (jitter_samples > 0.05) {
      const double reach = kJitterReachSigma * jitter_samples;
      margin_ = static_cast<int>(std::ceil(reach)) + 2;
      jitter_ = jitter_grid(jitter_samples);
      jitter_m_lo_ = jitter_->m_lo();
      jitter_m_hi_ = jitter_->m_hi();
      log_w_on_phase_ = jitter_->log_w_on_phase;
      at_m_.resize(jitter_m_hi_ - jitter_m_lo_ + 4);
      terms_.resize(jitter_->size());
    }
    const std::size_t phases = 2 * (os_ + margin_) + 1;
    from_kept_ = in.kept && in.kept->distributions.size() == phases;
    cache_ = from_kept_ ? std::move(in.kept->distributions)
                        : DistributionPool::of_this_thread().take(phases);
    mean_level_ = in.victim.base_a + 0.5 * in.victim.swing_a;
    for (const auto& a : in.aggressors) mean_level_ += a.base_a + 0.5 * a.swing_a;
  }

  ~Engine() {
    if (in_.kept)
      in_.kept->distributions = std::move(cache_);
    else
      DistributionPool::of_this_thread().give(std::move(cache_));
  }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  StatEyeResult run() {
    if (in_.bound_first && in_.phase_only && in_.threshold == ThresholdMode::kOptimal)
      if (std::optional<StatEyeResult> b = bound(*in_.bound_first)) return *b;
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
      s = lowest_jitter_free_phase(d, -half, half);
    } else {
      s = argmin_phase(h, 0, -half, half);
    }
    if (in_.threshold == ThresholdMode::kOptimal) {
      d = best_threshold(s);
      h = at_threshold(s, d);
      if (!in_.fixed_phase_samples) {
        const int s2 = argmin_phase(h, s, -half, half);
        if (s2 != s && in_.phase_only && in_.phase_alone) {
          r.phase_samples = s2;
          r.threshold_a = d;
          r.log10_ber = h(s2) / kLn10;
          return r;
        }
        if (s2 != s) {
          s = s2;
          d = best_threshold(s);
          h = at_threshold(s, d);
        }
      }
    }
    r.phase_samples = s;
    r.threshold_a = d;
    r.log10_ber = h(s) / kLn10;
    if (in_.phase_only) return r;
    const auto& dist = distribution(s);
    r.noise_rms_a = noise_rms_a(dist);
    const auto across_phases = [&](int p) { return h(p); };
    const OpeningSpan w = opening_across_phases(across_phases, s, os_, std::log(kEyeOpeningBer));
    const OpeningSpan w12 = opening_across_phases(across_phases, s, os_, std::log(1e-12));
    r.eye_width_ui = w.size() / os_;
    r.eye_width_1e12_ui = w12.size() / os_;
    r.edges.left_ui = w.lo / os_;
    r.edges.right_ui = w.hi / os_;
    r.edges_1e12.left_ui = w12.lo / os_;
    r.edges_1e12.right_ui = w12.hi / os_;
    if (in_.eye_heights) {
      const auto [grid, v] = vertical(s);
      const auto across_thresholds = [&](double x) { return log_ber(s, x); };
      const OpeningSpan e =
          opening_across_thresholds(across_thresholds, grid, v, d, std::log(kEyeOpeningBer));
      const OpeningSpan e12 =
          opening_across_thresholds(across_thresholds, grid, v, d, std::log(1e-12));
      r.eye_height_a = e.size();
      r.eye_height_1e12_a = e12.size();
      r.edges.low_a = e.lo;
      r.edges.high_a = e.hi;
      r.edges_1e12.low_a = e12.lo;
      r.edges_1e12.high_a = e12.hi;
    } else {
      constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
      r.eye_height_a = r.eye_height_1e12_a = kNaN;
      r.edges.low_a = r.edges.high_a = r.edges_1e12.low_a = r.edges_1e12.high_a = kNaN;
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

  int samples_per_ui() const { return os_; }

  // StatEyeInput::bound_first: the jittered BER at the hinted phase (the fixed one if fixed), at
  // the jitter-free BER's best threshold within a scan cell of the hinted one, where that is low
  // enough. Its distributions stay built for the search that runs where it is not.
  std::optional<StatEyeResult> bound(const StatEyeInput::BoundFirst& hint) {
    if (!std::isfinite(hint.threshold_a)) return std::nullopt;
    const int s = in_.fixed_phase_samples ? *in_.fixed_phase_samples
                                          : std::clamp(hint.phase_samples, -os_ / 2, os_ / 2);
    const std::pair<double, double> range = amplitude_range(s);
    const double step = (range.second - range.first) / kThresholdGrid;
    const double d = std::clamp(hint.threshold_a, range.first + step, range.second - step);
    const auto jitter_free = [&](double t) { return log_ber0(s, t); };
    const double x = brent_minimize(jitter_free, d - step, d + step, kBoundTolerance * step).x;
    StatEyeResult r;
    r.log10_ber = log_ber(s, x) / kLn10;
    if (!(r.log10_ber <= hint.log10_enough)) return std::nullopt;
    r.phase_samples = s;
    r.threshold_a = x;
    r.ber_is_bound = true;
    return r;
  }

  // The lowest and highest amplitude of phase s's distribution, either cursor bit.
  std::pair<double, double> amplitude_range(int s) { return phy::amplitude_range(distribution(s)); }

  // log10 BER with jitter at one phase (clamped to +-1 UI) and threshold.
  double log10_ber_at(int s, double d) { return log_ber(std::clamp(s, -os_, os_), d) / kLn10; }

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
        out_[i] = engine_->margin_ == 0 ? l0(s) : engine_->with_jitter(s, d_, [&](int m) {
          return LogBerSlope{l0(s + m), 0.0};
        });
        have_out_[i] = 1;
      }
      return out_[i];
    }

    // At most the jittered value at s, bit for bit (JitterGrid::log_w_on_phase), from the
    // jitter-free value at s alone.
    double lower_bound(int s) { return engine_->log_w_on_phase_ + l0(s); }

    // At most the jittered value at s (to within kWithinSlack), without a distribution not built
    // yet: the average over the cells whose samples all lie on the run of built phases around s
    // (jitter_grid_within); the value itself where they are all built. Next to a phase already
    // averaged, every sample but the outermost one is built, and the bound misses only cells of
    // weight ~1e-30.
    double within_bound(int s) {
      Engine& e = *engine_;
      const int lo = e.jitter_m_lo_ - 1;
      const int hi = e.jitter_m_hi_ + 2;
      const auto built = [&](int m) {
        const int i = e.index(s + m);
        return i >= 0 && i < static_cast<int>(e.cache_.size()) && e.cache_[i].ready;
      };
      int first = 0;
      int last = 0;
      while (first > lo && built(first - 1)) --first;
      while (last < hi && built(last + 1)) ++last;
      if (first == lo && last == hi) return (*this)(s);
      // Held for this call: the thread's kept grids may be replaced by another link's later.
      const std::shared_ptr<const JitterGrid> within = jitter_grid_within(e.jitter_, first, last);
      if (within->size() == 0) return -std::numeric_limits<double>::infinity();
      for (int m = first; m <= last; ++m) e.at_m_[m - e.jitter_m_lo_ + 1] = l0(s + m);
      return jitter_average(*within, e.at_m_.data() - e.jitter_m_lo_ + 1, e.terms_);
    }

    // The jitter-free values at phases from..from + n - 1, computed before at this threshold (NaN
    // where they were not: JitterWindow).
    void seed(int from, const double* values, int n) {
      for (int k = 0; k < n; ++k) {
        if (std::isnan(values[k])) continue;
        const int i = engine_->index(from + k);
        l0_[i] = values[k];
        have_l0_[i] = 1;
      }
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
    if (!dist.ready) build_phase_distribution(in_, s, dist, IsiScratch::of_this_thread());
    return dist;
  }

  // ln BER at phase s and threshold d, without jitter.
  double log_ber0(int s, double d) { return log_ber_without_jitter(distribution(s), d); }

  // lowest_phase of the jitter-free ln BER at threshold d, without the decision sum of a phase
  // whose extreme bins alone put it above the lowest so far (log_ber_lower_bound_without_jitter,
  // with room for its 1e-9): the same phase, for nine in ten fewer sums. Phase 0 first.
  int lowest_jitter_free_phase(double d, int from, int to) {
    const auto above = [&](int p, double best) {
      return log_ber_lower_bound_without_jitter(distribution(p), d) > best + kWithinSlack;
    };
    return lowest_phase_pruned([&](int p) { return log_ber0(p, d); }, above, 0, from, to);
  }

  // Jitter average at phase s and threshold d from the jitter-free ln BER at whole-sample offsets
  // from it, value_at(m) = ln BER0(s + m) (LogBerSlope), those it can feel (JitterWindow).
  template <class ValueAt>
  double with_jitter(int s, double d, ValueAt&& value_at) {
    const auto dist_at = [&](int m) -> const PhaseDistribution& { return distribution(s + m); };
    window_.fill<false>(jitter_, dist_at, value_at, d, terms_);
    return jitter_average(*jitter_, window_.values_at(), terms_);
  }

  // ln BER with jitter at phase s, from the jitter-free ln BER at exactly the offsets the average
  // reads (the grid's first - 1 to its last + 2), not every phase of the margin, and of those only
  // the ones it can feel (JitterWindow). At the phase whose threshold is being searched, each
  // threshold's values are kept (tried_l0_).
  double log_ber(int s, double d) {
    if (margin_ == 0) return log_ber0(s, d);
    const double v = with_jitter(s, d, [&](int m) {
      return LogBerSlope{log_ber_without_jitter(distribution(s + m), d), 0.0};
    });
    keep_tried(s, d);
    return v;
  }

  // log_ber with its derivative in the threshold (the same value, bit for bit).
  SlopePoint log_ber_slope(int s, double d) {
    const auto dist_at = [&](int m) -> const PhaseDistribution& { return distribution(s + m); };
    const auto value_at = [&](int m) {
      return log_ber_slope_without_jitter(distribution(s + m), d);
    };
    window_.fill<true>(jitter_, dist_at, value_at, d, terms_);
    keep_tried(s, d);
    const JitterAverageSlope j =
        jitter_average_slope(*jitter_, window_.values_at(), window_.slopes_at(), terms_, slopes_);
    return {d, j.value, j.slope};
  }

  // At the phase whose threshold is being searched, the window just filled at threshold d (NaN
  // where it left a value out: the view at the threshold computes it if it reads it).
  void keep_tried(int s, double d) {
    if (s != tried_phase_) return;
    tried_d_.push_back(d);
    window_.append_computed(tried_l0_);
  }

  // The horizontal view at threshold d, as the threshold search at phase s left it: the
  // jitter-free values its last evaluations computed at d are the ones the view would compute.
  Horizontal at_threshold(int s, double d) {
    Horizontal h(*this, d);
    if (const double* tried = s == tried_phase_ ? tried_window(d) : nullptr)
      h.seed(s + jitter_m_lo_ - 1, tried, window_size());
    return h;
  }

  // log_ber's offsets, lo - 1 to hi + 2.
  int window_size() const { return jitter_m_hi_ - jitter_m_lo_ + 4; }

  // The jitter-free values log_ber computed at threshold d of the search at tried_phase_, if any.
  const double* tried_window(double d) const {
    for (std::size_t t = 0; t < tried_d_.size(); ++t)
      if (tried_d_[t] == d) return tried_l0_.data() + t * window_size();
    return nullptr;
  }

  // lowest_phase of the jittered ln BER, without the jitter average of a phase that cannot win:
  // the average is at least log_w_on_phase + ln BER0 at the phase (Horizontal::lower_bound) and
  // its part over the cells the built distributions decide (Horizontal::within_bound, up to a
  // shorter sum's rounding: kWithinSlack), so neither the phases only its average would read nor
  // their distributions are computed. `first` is evaluated first (lowest_phase_pruned).
  int argmin_phase(Horizontal& h, int first, int from, int to) {
    if (margin_ == 0) return lowest_phase(h, from, to);
    const auto above = [&](int p, double best) {
      return h.lower_bound(p) > best || h.within_bound(p) > best + kWithinSlack;
    };
    return lowest_phase_pruned(h, above, first, from, to);
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

  // Best threshold at phase s (stat_eye_threshold.cpp), each jittered evaluation's jitter-free
  // values kept for the horizontal view at the threshold chosen (at_threshold).
  double best_threshold(int s) {
    KeptEye* kept = in_.kept;
    if (kept && from_kept_ && kept->searched_phase == s) {
      // As the search left it: the jitter-free values its evaluation at the threshold computed.
      if (!kept->searched_window.empty() && kept->window_threshold == kept->searched_threshold) {
        tried_phase_ = s;
        tried_d_.assign(1, kept->searched_threshold);
        tried_l0_ = kept->searched_window;
      }
      return kept->searched_threshold;
    }
    const double d = search_threshold(s);
    if (kept) {
      kept->searched_phase = s;
      kept->searched_threshold = kept->window_threshold = d;
      const double* tried = tried_window(d);
      kept->searched_window.assign(tried, tried ? tried + window_size() : tried);
    }
    return d;
  }

  double search_threshold(int s) {
    tried_phase_ = s;
    tried_d_.clear();
    tried_l0_.clear();
    ThresholdProbe probe = jitter_free_probe(distribution(s), mean_level_);
    probe.jittered = [&](double x) { return log_ber(s, x); };
    probe.jittered_slope = [&](double x) { return log_ber_slope(s, x); };
    probe.jittered_scan = [&]() -> const auto& {
      return vertical(s);
    };
    probe.has_jitter = margin_ != 0;
    const auto [a, b] = amplitude_range(s);
    return phy::best_threshold(probe, a, b);
  }

  const StatEyeInput& in_;
  int os_ = 0;
  int margin_ = 0;
  std::shared_ptr<const JitterGrid> jitter_;
  int jitter_m_lo_ = 0;  // offsets the taps reach; the cubic adds one below and two above
  int jitter_m_hi_ = 0;
  std::vector<double> at_m_;
  std::vector<double> terms_, slopes_;
  std::vector<PhaseDistribution> cache_;
  bool from_kept_ = false;  // cache_ is the kept set of an eye before (StatEyeInput::kept)
  JitterWindow window_;
  double log_w_on_phase_ = 0.0;
  // Each threshold the search at tried_phase_ tried, and the jitter-free values log_ber computed
  // there (one window after another): kept in buffers that outlive a search.
  int tried_phase_ = std::numeric_limits<int>::min();
  std::vector<double> tried_d_, tried_l0_;
  double mean_level_ = 0.0;
  std::optional<int> vertical_phase_;
  std::pair<std::vector<double>, std::vector<double>> vertical_;
};

}  // namespace stat_eye_engine

using stat_eye_engine::Engine;

// The probe's engine reads its own copy of the input.
struct StatEyeProbeState {
  explicit StatEyeProbeState(const StatEyeInput& in) : input(in), engine(input) {}
  StatEyeInput input;
  Engine engine;
};

StatEyeProbe::StatEyeProbe(const StatEyeInput& input)
    : state_(std::make_unique<StatEyeProbeState>(input)) {}

StatEyeProbe::~StatEyeProbe() = default;

int StatEyeProbe::samples_per_ui() const {
  return state_->engine.samples_per_ui();
}

std::pair<double, double> StatEyeProbe::amplitude_range(int phase_samples) {
  const int os = state_->engine.samples_per_ui();
  return state_->engine.amplitude_range(std::clamp(phase_samples, -os, os));
}

double StatEyeProbe::log10_ber(int phase_samples, double threshold_a) {
  return state_->engine.log10_ber_at(phase_samples, threshold_a);
}

StatEyeResult stat_eye(const StatEyeInput& input) {
  return Engine(input).run();
}

}  // namespace mosaic::phy

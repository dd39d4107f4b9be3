#include "mosaic/phy/mc/monte_carlo.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <complex>
#include <memory>
#include <numbers>
#include <optional>
#include <unsupported/Eigen/FFT>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/math/confidence.hpp"
#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/core/units.hpp"
#include "mosaic/phy/biquad.hpp"
#include "mosaic/phy/mc/importance.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/rate_equation_led.hpp"

namespace mosaic::phy::mc {
namespace {

constexpr int kSegmentBits = 64;    // bits per lane per segment
constexpr int kWarmupBits = 96;     // settling of every filter before errors are counted
constexpr double kTapFloor = 1e-7;  // relative level below which pulse tails are cut

using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------------------------
// Data: a seeded random stream, or a PRBS register per lane that runs on across segments.

struct Prbs {
  int n = 0;
  int m = 0;
};

std::optional<Prbs> prbs_of(DataPattern p) {
  switch (p) {
    case DataPattern::kRandom:
      return std::nullopt;
    case DataPattern::kPrbs7:
      return Prbs{7, 6};
    case DataPattern::kPrbs15:
      return Prbs{15, 14};
    case DataPattern::kPrbs31:
      return Prbs{31, 28};
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Everything the engine knows about one channel: its transmitter (all modes), and, when its
// errors are counted, its receiver state and counters.

struct TxShape {
  std::vector<float> pulse;  // taps_ui * os, response to one bit, delay pre + skew included
  int taps_ui = 0;
  std::vector<double> pulse_d;  // same in double (engine_pulse)
};

struct Channel {
  int index = 0;
  bool counted = false;
  bool eye = false;
  // transmitter
  double low_a = 0.0;    // 0-level photocurrent
  double swing_a = 0.0;  // 1 minus 0 level
  double base_a = 0.0;   // photocurrent of an all-zeros pattern (pre-emphasis offset in)
  int delay = 0;         // skew as whole samples (plus the common offset)
  TxShape tx;
  // rate-equation transmitter
  std::vector<RateEquationLed> leds;
  std::vector<float> fiber_taps;
  std::vector<float> light;  // (fiber taps - 1 + S os) x lanes, history first
  double dt_scale = 1.0;
  double i_lo = 0.0, i_hi = 0.0, l_lo = 0.0, l_hi = 1.0;
  // data
  std::vector<float> bits;  // (history + S) x lanes
  std::vector<std::uint32_t> prbs_state;
  std::vector<float> photo;  // S os x lanes: received photocurrent of this segment
  // receiver (counted channels)
  std::vector<Neighbour> neighbours;
  double decision = 0.0;  // nominal decision instant of a bit, samples after its start
  double threshold_a = 0.0;
  double phase_ui = 0.0;
  std::vector<float> rx_state;     // signal path
  std::vector<float> noise_state;  // noise path
  std::vector<float> y_tail;       // last 3 os samples of the received waveform
  std::array<double, kLanes> errors{};
  double bits_counted = 0.0;
  // symbol mode: taps of the victim and of each aggressor at integer sample positions
  struct TapSet {
    int channel = 0;  // index into the engine's channel table
    int first_lag = 0;
    int lags = 0;
    std::vector<double> taps;  // [position][lag], position in [pos0, pos0 + positions)
  };
  std::vector<TapSet> tapsets;
  int pos0 = 0;
  int positions = 0;
  double symbol_base = 0.0;  // DC photocurrent of all-zeros data, crosstalk in
  EyeDiagram eye_hist;
};

struct Scratch {
  std::vector<float> x, u, y, cur, lit;
  std::vector<float> normals;
  std::vector<double> lane_in, lane_out;
};

// The channels whose errors are counted: those asked for (each a live pixel of the array), or
// every live one.
std::vector<int> counted_channels(const ArrayLayout& layout, const std::vector<int>& asked) {
  const int n = static_cast<int>(layout.channels.size());
  std::vector<int> counted = asked;
  if (counted.empty())
    for (int i = 0; i < n; ++i)
      if (!layout.channels[i].dead) counted.push_back(i);
  for (int c : counted) {
    if (c < 0 || c >= n)
      throw ConfigError("--channels", std::to_string(c),
                        fmt::format("channel indices in [0, {})", n));
    if (layout.channels[c].dead)
      throw ConfigError("--channels", std::to_string(c), "live channels",
                        "that pixel is dead at manufacture");
  }
  return counted;
}

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

class Engine {
 public:
  Engine(LinkEvaluator& ev, std::span<const ChannelResult> stat, const McOptions& options)
      : ev_(ev), spec_(ev.spec()), mc_(ev.spec().mc), options_(options) {
    os_ = mc_.samples_per_ui;
    ui_s_ = ev.chain().bit_period_s();
    ts_s_ = ui_s_ / os_;
    mode_ = mc_.mode;
    rate_equation_ = !ev.chain().led().linear();
    if (rate_equation_ && mode_ == McMode::kSymbol)
      throw ConfigError(
          "mc.mode", "\"symbol\"",
          fmt::format("waveform or importance with led.model = {}", enum_name(spec_.led.model)),
          "symbol-rate superposition needs a linear chain");
    prbs_ = prbs_of(spec_.channel.pattern);
    const auto& layout = ev.layout();
    const int n = static_cast<int>(layout.channels.size());
    // Which channels are counted, and which are simulated (counted + their live neighbours).
    std::vector<int> counted = counted_channels(layout, options.channels);
    for (int c : options.eye_channels)
      if (c < 0 || c >= n || layout.channels[c].dead)
        throw ConfigError("--eye", std::to_string(c), "a live channel index");
    slot_.assign(n, -1);
    auto add = [&](int c) {
      if (slot_[c] < 0) {
        slot_[c] = static_cast<int>(channels_.size());
        channels_.emplace_back();
        channels_.back().index = c;
      }
      return slot_[c];
    };
    for (int c : counted) channels_[add(c)].counted = true;
    for (int c : options.eye_channels) {
      Channel& ch = channels_[add(c)];
      ch.counted = true;
      ch.eye = true;
    }
    const bool need_neighbour_waveforms = true;
    if (need_neighbour_waveforms) {
      const std::size_t k = channels_.size();
      for (std::size_t s = 0; s < k; ++s)
        if (channels_[s].counted)
          for (const Neighbour& nb : layout.neighbours[channels_[s].index]) add(nb.index);
    }
    for (std::size_t s = 0; s < channels_.size(); ++s)
      if (channels_[s].counted) counted_.push_back(static_cast<int>(s));
    // Report order: as asked, then eye-only channels.
    for (int c : counted) order_.push_back(slot_[c]);
    for (int c : options.eye_channels)
      if (std::find(counted.begin(), counted.end(), c) == counted.end()) order_.push_back(slot_[c]);

    setup_common();
    for (Channel& ch : channels_) setup_channel(ch, stat);
    for (int s : counted_) setup_receiver(channels_[s], stat);
  }

  McResult run() {
    McResult r;
    r.mode = mode_;
    r.samples_per_ui = os_;
    const auto t0 = Clock::now();
    const int warmup = (kWarmupBits + history_ + kSegmentBits - 1) / kSegmentBits;
    const double per_segment = static_cast<double>(kSegmentBits) * kLanes;
    std::string reason = "max_bits";
    for (std::uint64_t u = 0;; ++u) {
      const bool count = u >= static_cast<std::uint64_t>(warmup);
      parallel_for(channels_.size(), options_.threads,
                   [&](std::size_t s) { transmit(channels_[s], u); });
      parallel_for(counted_.size(), options_.threads,
                   [&](std::size_t i) { receive(channels_[counted_[i]], u, count); });
      if (!count) continue;
      bits_ += per_segment;
      double min_errors = std::numeric_limits<double>::infinity();
      double total_errors = 0.0;
      for (int s : counted_) {
        double e = 0.0;
        for (double v : channels_[s].errors) e += v;
        min_errors = std::min(min_errors, e);
        total_errors += e;
      }
      const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
      const double f_bits = bits_ / mc_.max_bits;
      const double f_err = min_errors / mc_.target_errors;
      const double f_time = mc_.time_budget_s > 0 ? elapsed / mc_.time_budget_s : 0.0;
      if (options_.progress)
        options_.progress->update(
            std::min(1.0, std::max({f_bits, f_err, f_time})),
            fmt::format("{:.3g} bits, {:.0f} errors", bits_ * counted_.size(), total_errors));
      if (min_errors >= mc_.target_errors) {
        reason = "target_errors";
        break;
      }
      if (bits_ >= mc_.max_bits) break;
      if (mc_.time_budget_s > 0 && elapsed >= mc_.time_budget_s) {
        reason = "time_budget";
        break;
      }
    }
    r.wall_s = std::chrono::duration<double>(Clock::now() - t0).count();
    r.stop_reason = reason;
    r.bits_per_channel = bits_;
    r.total_bits = bits_ * counted_.size();
    r.bits_per_s = r.wall_s > 0 ? r.total_bits / r.wall_s : 0.0;
    for (int s : order_) {
      Channel& ch = channels_[s];
      McChannelResult m;
      m.index = ch.index;
      m.bits = bits_;
      m.phase_ui = ch.phase_ui;
      m.threshold_a = ch.threshold_a;
      double errors = 0.0;
      for (double e : ch.errors) errors += e;
      m.errors = errors;
      m.ber = bits_ > 0 ? errors / bits_ : 0.0;
      const Interval ci = clopper_pearson(errors, bits_, mc_.confidence);
      m.ci_low = ci.low;
      m.ci_high = ci.high;
      m.stat_eye_ber = stat_ber_[s];
      r.channels.push_back(m);
      if (ch.eye) r.eyes.push_back(std::move(ch.eye_hist));
    }
    if (options_.progress) options_.progress->update(1.0, "done");
    return r;
  }

  EngineChain chain_of(int c) const {
    const Channel& ch = channels_[slot_.at(c)];
    EngineChain e;
    e.samples_per_ui = os_;
    e.tx_pulse = ch.tx.pulse_d;
    e.taps_ui = ch.tx.taps_ui;
    e.base_a = ch.base_a;
    e.swing_a = ch.swing_a;
    for (const Biquad& s : rx_sections_)
      e.rx_sections.push_back({s.b[0], s.b[1], s.b[2], s.a[1], s.a[2]});
    e.noise_input_scale = noise_scale_;
    e.thermal_var_a2 = ev_.thermal_sigma_a() * ev_.thermal_sigma_a();
    e.shot_a2_per_a = ev_.shot_a2_per_a();
    e.decision_samples = ch.decision;
    e.threshold_a = ch.threshold_a;
    e.jitter_rms_samples = spec_.rx.jitter_rms_ps * 1e-12 / ts_s_;
    return e;
  }

  // Noiseless response of one channel to a lone 1 bit, in chain-model coordinates.
  std::vector<double> pulse_of(int c, int length_ui) {
    const Channel& ch = channels_[slot_.at(c)];
    const int n = length_ui * os_;
    std::vector<double> in(n, 0.0);
    for (int i = 0; i < ch.tx.taps_ui * os_ && i < n; ++i) in[i] = ch.tx.pulse_d[i];
    const std::vector<double> y = biquad_response(rx_sections_, in);
    std::vector<double> out(n, 0.0);
    const int shift = (span_ui_ / 4) * os_ - pre_ - ch.delay;
    for (int i = 0; i < n; ++i) out[((i + shift) % n + n) % n] = y[i];
    return out;
  }

 private:
  void setup_common() {
    const auto& layout = ev_.layout();
    span_ui_ = ev_.chain().span_ui();
    const double fs = os_ / ui_s_;
    rx_sections_ = ev_.chain().receiver().sections(fs);
    for (const Biquad& s : rx_sections_) {
      rx_coef_.insert(rx_coef_.end(),
                      {float(s.b[0]), float(s.b[1]), float(s.b[2]), float(s.a[1]), float(s.a[2])});
    }
    // Unit white noise through the receiver must come out with unit variance at any instant,
    // as the statistical eye's thermal sigma is the rms at the sample: scale by 1/||h||.
    std::vector<double> delta(static_cast<std::size_t>(std::max(4096, 512 * os_)), 0.0);
    delta[0] = 1.0;
    const std::vector<double> h = biquad_response(rx_sections_, delta);
    double g2 = 0.0;
    for (double v : h) g2 += v * v;
    noise_scale_ = 1.0 / std::sqrt(g2);
    const float noise_scale = static_cast<float>(noise_scale_);
    noise_coef_ = rx_coef_;
    if (!noise_coef_.empty()) {
      for (int k = 0; k < 3; ++k) noise_coef_[k] *= noise_scale;
    }
    noise_passthrough_scale_ = noise_coef_.empty() ? noise_scale : 1.0f;
    // Common delay: the zero-phase parts (fiber, Gaussian LED) need precursor room, and every
    // skew becomes a non-negative whole-sample delay.
    double sigma = ev_.fiber().sigma_s;
    // The slowest LED's (4 sigma below the nominal bandwidth) needs the most room.
    const double s_led = ev_.chain().led().zero_phase_rms_s(
        nominal_led_f3db_hz(spec_) * std::exp(-4.0 * spec_.led.bandwidth_sigma));
    if (s_led > 0.0) sigma = std::sqrt(sigma * sigma + s_led * s_led);
    double min_skew = 0.0;
    for (const auto& c : layout.channels) min_skew = std::min(min_skew, c.skew_s);
    skew_offset_ = static_cast<int>(std::ceil(-min_skew / ts_s_)) + 1;
    pre_ = static_cast<int>(std::ceil(6.5 * sigma / ts_s_)) + 2;
  }

  // Spectrum of the drive pulse (pre-emphasis in) on the chain's FFT grid at this oversampling.
  std::vector<std::complex<double>> drive_spectrum() const {
    const int n = span_ui_ * os_;
    std::vector<std::complex<double>> drive(n, 0.0);
    const double alpha = spec_.led.pre_emphasis;
    for (int i = 0; i < os_; ++i) {
      drive[i] = 1.0 / (1.0 + alpha);
      drive[i + os_] = -alpha / (1.0 + alpha);
    }
    Eigen::FFT<double> fft;
    std::vector<std::complex<double>> out;
    fft.fwd(out, drive);
    return out;
  }

  // Time response (length span os) of the spectrum times a per-frequency factor.
  template <class F>
  std::vector<double> shaped(std::vector<std::complex<double>> spectrum, F&& h) const {
    const int n = span_ui_ * os_;
    const double df = 1.0 / (n * ts_s_);
    for (int k = 0; k < n; ++k) {
      const double f = (k <= n / 2 ? k : k - n) * df;
      std::complex<double> v = h(std::abs(f));
      if (f < 0) v = std::conj(v);
      spectrum[k] *= v;
    }
    Eigen::FFT<double> fft;
    std::vector<std::complex<double>> time;
    fft.inv(time, spectrum);
    std::vector<double> out(n);
    for (int i = 0; i < n; ++i) out[i] = time[i].real();
    return out;
  }

  // Causal taps from a zero-phase-centred response: delayed by `delay`, cut where the tail
  // falls below kTapFloor of the peak, rounded up to whole unit intervals.
  std::vector<double> causal(const std::vector<double>& h, int delay, int& taps_ui) const {
    const int n = static_cast<int>(h.size());
    double peak = 0.0;
    for (double v : h) peak = std::max(peak, std::abs(v));
    int last = 0;
    for (int m = 0; m < n; ++m) {
      const double v = h[((m - delay) % n + n) % n];
      if (std::abs(v) > kTapFloor * peak) last = m;
    }
    taps_ui = last / os_ + 1;
    std::vector<double> out(static_cast<std::size_t>(taps_ui) * os_);
    for (int m = 0; m < taps_ui * os_; ++m) out[m] = h[((m - delay) % n + n) % n];
    return out;
  }

  void setup_channel(Channel& ch, std::span<const ChannelResult> stat) {
    const auto& layout = ev_.layout();
    const ChannelParams& p = layout.channels[ch.index];
    const ChannelLevels lv = channel_levels(spec_, p.received_power_dbm);
    ch.low_a = lv.low_a;
    ch.swing_a = lv.high_a - lv.low_a;
    const double alpha = spec_.led.pre_emphasis;
    ch.base_a = ch.low_a + ch.swing_a * alpha / (1.0 + alpha);
    ch.delay = static_cast<int>(std::lround(p.skew_s / ts_s_)) + skew_offset_;
    const ChainModel& chain = ev_.chain();
    if (!rate_equation_) {
      const std::vector<double> h = shaped(drive_spectrum(), [&](double f) {
        return chain.fiber_response(f) * chain.led_response(p.led_f3db_hz, f);
      });
      ch.tx.pulse_d = causal(h, pre_ + ch.delay, ch.tx.taps_ui);
      ch.tx.pulse.assign(ch.tx.pulse_d.begin(), ch.tx.pulse_d.end());
    } else {
      std::vector<std::complex<double>> flat(span_ui_ * os_, 1.0);
      const std::vector<double> h =
          shaped(std::move(flat), [&](double f) { return chain.fiber_response(f); });
      int taps_ui = 0;
      const std::vector<double> t = causal(h, pre_ + ch.delay, taps_ui);
      // A fiber shorter than a sample is a pure delay: keep only the taps up to the last one.
      std::size_t last = 0;
      for (std::size_t i = 0; i < t.size(); ++i)
        if (std::abs(t[i]) > 0) last = i;
      ch.fiber_taps.assign(t.begin(), t.begin() + last + 1);
      RateEquationLed led(spec_.led);
      const auto [lo, hi] = led.drive_levels(units::db_to_linear(spec_.led.extinction_ratio_db));
      ch.i_lo = lo;
      ch.i_hi = hi;
      ch.l_lo = led.static_light(lo);
      ch.l_hi = led.static_light(hi);
      const double base_f3db = led.small_signal_f3db_hz(spec_.led.bias_ma * 1e-3);
      ch.dt_scale = p.led_f3db_hz / base_f3db;
      led.reset(lo);
      ch.leds.assign(kLanes, led);
      ch.light.assign((ch.fiber_taps.size() - 1 + kSegmentBits * os_) * kLanes,
                      static_cast<float>(ch.low_a));
      ch.tx.taps_ui = 1;
    }
    (void)stat;
  }

  void setup_receiver(Channel& ch, std::span<const ChannelResult> stat) {
    const auto& layout = ev_.layout();
    const ChannelResult& r = stat[ch.index];
    ch.neighbours = layout.neighbours[ch.index];
    ch.phase_ui = mc_.phase_ui ? *mc_.phase_ui : r.sampling_phase_ui;
    ch.threshold_a = mc_.threshold_ua ? *mc_.threshold_ua * 1e-6 : r.threshold_a;
    // The statistical eye samples at its pulse peak plus the phase; in the chain model's
    // coordinates a bit starts span/4 unit intervals into the window.
    const PulseResponse& p16 = ev_.pulse(ch.index);
    const double tau_ui =
        static_cast<double>(p16.peak) / p16.samples_per_ui + ch.phase_ui - p16.span_ui / 4;
    ch.decision = tau_ui * os_ + pre_ + ch.delay;
    ch.rx_state.assign(2 * rx_sections_.size() * kLanes, 0.0f);
    ch.noise_state.assign(2 * rx_sections_.size() * kLanes, 0.0f);
    ch.y_tail.assign(3 * os_ * kLanes, 0.0f);
    if (ch.eye) {
      EyeDiagram& e = ch.eye_hist;
      e.channel = ch.index;
      e.time_bins = 2 * os_;
      e.amplitude_bins = options_.eye_amplitude_bins;
      e.time_start_ui = -1.0;
      e.time_stop_ui = 1.0;
      double leak = 0.0;
      for (const Neighbour& nb : ch.neighbours) leak += nb.kappa;
      const double hi = ch.low_a + ch.swing_a;
      const double span = ch.swing_a;
      e.amplitude_min_a = ch.low_a - 0.5 * span;
      e.amplitude_max_a = hi * (1.0 + leak) + 0.5 * span;
      e.threshold_a = ch.threshold_a;
      e.counts.assign(static_cast<std::size_t>(e.time_bins) * e.amplitude_bins, 0);
    }
    stat_ber_.resize(channels_.size(), 0.0);
    stat_ber_[slot_[ch.index]] = r.ber;
    if (mode_ == McMode::kSymbol) setup_symbol(ch);
    // History: transmitter taps, and the bits behind the decision lag (2 UI + decision delay).
    const int lag = static_cast<int>(std::floor((2.0 * os_ + ch.decision) / os_)) + 2;
    history_ = std::max(history_, lag);
  }

  // Symbol mode: every channel's chain-model pulse at this oversampling, sampled at each integer
  // position the jittered decision can fall between.
  void setup_symbol(Channel& ch) {
    if (!symbol_chain_)
      symbol_chain_ = std::make_unique<ChainModel>(spec_, ev_.fiber(), ev_.ctle_peaking_db(), os_);
    const int jitter_reach = os_;  // |jitter| is clamped to os - 1 samples
    const int d0 = static_cast<int>(std::floor(ch.decision));
    ch.pos0 = d0 - jitter_reach;
    ch.positions = 2 * jitter_reach + 2;
    ch.symbol_base = ch.base_a;
    auto add_set = [&](int c, double weight) {
      const ChannelParams& p = ev_.layout().channels[c];
      const PulseResponse pulse = symbol_chain_->pulse(p.led_f3db_hz);
      const Channel& src = channels_[slot_[c]];
      Channel::TapSet set;
      set.channel = slot_[c];
      const int n = static_cast<int>(pulse.h.size());
      const int shift = (span_ui_ / 4) * os_;
      // Lags from -precursors to the tail; bits k - lag; positions relative to the bit start.
      const int max_pre = d0 / os_;
      set.first_lag = -max_pre - 1;
      set.lags = span_ui_ / 2 + max_pre + 1;
      set.taps.assign(static_cast<std::size_t>(ch.positions) * set.lags, 0.0);
      double peak = 0.0;
      for (double v : pulse.h) peak = std::max(peak, std::abs(v));
      int last_used = 0;
      for (int q = 0; q < ch.positions; ++q)
        for (int j = 0; j < set.lags; ++j) {
          const int lag = set.first_lag + j;
          // Position in this channel's own engine time: its delay and precursor room removed.
          const int t = ch.pos0 + q + lag * os_ - pre_ - src.delay;
          double v = 0.0;
          if (t > -shift && t < n - shift) v = pulse.h[((t + shift) % n + n) % n];
          if (std::abs(v) < kTapFloor * peak) v = 0.0;
          set.taps[static_cast<std::size_t>(q) * set.lags + j] = weight * src.swing_a * v;
          if (v != 0.0) last_used = std::max(last_used, j);
        }
      // Trim the lag range to what is used.
      const int keep = last_used + 1;
      std::vector<double> trimmed(static_cast<std::size_t>(ch.positions) * keep);
      for (int q = 0; q < ch.positions; ++q)
        for (int j = 0; j < keep; ++j)
          trimmed[static_cast<std::size_t>(q) * keep + j] =
              set.taps[static_cast<std::size_t>(q) * set.lags + j];
      set.taps = std::move(trimmed);
      set.lags = keep;
      // The oldest lag must still be in every channel's bit history.
      const int decision_lag = static_cast<int>(std::floor((2.0 * os_ + ch.decision) / os_)) + 2;
      history_ = std::max(history_, set.first_lag + set.lags + decision_lag + 1);
      ch.tapsets.push_back(std::move(set));
    };
    add_set(ch.index, 1.0);
    for (const Neighbour& nb : ch.neighbours) {
      add_set(nb.index, nb.kappa);
      ch.symbol_base += nb.kappa * channels_[slot_[nb.index]].base_a;
    }
  }

  void generate_bits(Channel& ch, std::uint64_t u) {
    const std::size_t hist = history_ + ch.tx.taps_ui;
    const std::size_t rows = hist + kSegmentBits;
    if (ch.bits.empty()) {
      ch.bits.assign(rows * kLanes, 0.0f);
      if (prbs_) {
        ch.prbs_state.resize(kLanes);
        for (int l = 0; l < kLanes; ++l) {
          Rng rng(spec_.seed, RngPurpose::kMcData, ch.index, 0xFFFF0000u + l);
          const std::uint32_t mask = (prbs_->n == 32 ? 0u : (1u << prbs_->n)) - 1u;
          std::uint32_t s = 0;
          while (s == 0) s = rng.next_u32() & mask;
          ch.prbs_state[l] = s;
        }
      }
    } else {
      std::copy(ch.bits.end() - hist * kLanes, ch.bits.end(), ch.bits.begin());
    }
    float* out = ch.bits.data() + hist * kLanes;
    if (prbs_) {
      const int n = prbs_->n, m = prbs_->m;
      const std::uint32_t mask = (1u << n) - 1u;
      for (int l = 0; l < kLanes; ++l) {
        std::uint32_t s = ch.prbs_state[l];
        for (int k = 0; k < kSegmentBits; ++k) {
          const std::uint32_t b = ((s >> (n - 1)) ^ (s >> (m - 1))) & 1u;
          s = ((s << 1) | b) & mask;
          out[k * kLanes + l] = static_cast<float>(b);
        }
        ch.prbs_state[l] = s;
      }
    } else {
      for (int l = 0; l < kLanes; ++l) {
        Rng rng(spec_.seed, RngPurpose::kMcData, ch.index, u * kLanes + l);
        for (int k = 0; k < kSegmentBits; k += 32) {
          const std::uint32_t w = rng.next_u32();
          for (int j = 0; j < 32 && k + j < kSegmentBits; ++j)
            out[(k + j) * kLanes + l] = static_cast<float>((w >> j) & 1u);
        }
      }
    }
  }

  // Phase A of a segment: this channel's data and received photocurrent (before crosstalk).
  void transmit(Channel& ch, std::uint64_t u) {
    generate_bits(ch, u);
    if (mode_ == McMode::kSymbol) return;
    const std::size_t ns = static_cast<std::size_t>(kSegmentBits) * os_;
    ch.photo.resize(ns * kLanes);
    const std::size_t hist = history_ + ch.tx.taps_ui;
    if (!rate_equation_) {
      tx_lanes(ch.tx.pulse.data(), ch.tx.taps_ui, os_, ch.bits.data(), hist, kSegmentBits,
               static_cast<float>(ch.base_a), static_cast<float>(ch.swing_a), ch.photo.data());
      return;
    }
    // Rate-equation LED, one lane at a time (nonlinear ODE), then the fiber's FIR.
    Scratch& sc = scratch();
    sc.lane_in.resize(ns);
    sc.lane_out.resize(ns);
    const double alpha = spec_.led.pre_emphasis;
    const std::size_t fl = ch.fiber_taps.size();
    std::copy(ch.light.end() - (fl - 1) * kLanes, ch.light.end(), ch.light.begin());
    float* lit = ch.light.data() + (fl - 1) * kLanes;
    const double scale = ch.swing_a / (ch.l_hi - ch.l_lo);
    for (int l = 0; l < kLanes; ++l) {
      for (int k = 0; k < kSegmentBits; ++k) {
        const double b = ch.bits[(hist + k) * kLanes + l];
        const double prev = ch.bits[(hist + k - 1) * kLanes + l];
        const double d = (b - alpha * prev + alpha) / (1.0 + alpha);
        const double current = ch.i_lo + (ch.i_hi - ch.i_lo) * d;
        for (int j = 0; j < os_; ++j) sc.lane_in[k * os_ + j] = current;
      }
      ch.leds[l].process(sc.lane_in, sc.lane_out, ts_s_ * ch.dt_scale);
      for (std::size_t i = 0; i < ns; ++i)
        lit[i * kLanes + l] = static_cast<float>(ch.low_a + (sc.lane_out[i] - ch.l_lo) * scale);
    }
    fir_lanes(ch.fiber_taps.data(), static_cast<int>(fl), ch.light.data(), ch.photo.data(), ns);
  }

  // Phase B of a segment: receiver, noise, sampling and decisions of a counted channel.
  void receive(Channel& ch, std::uint64_t u, bool count) {
    if (mode_ == McMode::kSymbol) {
      if (count) decide_symbol(ch, u);
      return;
    }
    const std::size_t ns = static_cast<std::size_t>(kSegmentBits) * os_;
    const std::size_t tail = 3 * static_cast<std::size_t>(os_);
    Scratch& sc = scratch();
    sc.x.resize(ns * kLanes);
    sc.y.resize((tail + ns) * kLanes);
    // Photodiode current: own light plus the neighbours' leakage, same instants.
    std::copy(ch.photo.begin(), ch.photo.end(), sc.x.begin());
    for (const Neighbour& nb : ch.neighbours)
      axpy_lanes(static_cast<float>(nb.kappa), channels_[slot_[nb.index]].photo.data(), sc.x.data(),
                 ns);
    const int nsec = static_cast<int>(rx_sections_.size());
    sos_lanes(rx_coef_.data(), nsec, ch.rx_state.data(), sc.x.data(), sc.x.data(), ns);
    std::copy(ch.y_tail.begin(), ch.y_tail.end(), sc.y.begin());
    float* y = sc.y.data() + tail * kLanes;
    const float thermal_var = static_cast<float>(ev_.thermal_sigma_a() * ev_.thermal_sigma_a());
    const float shot = static_cast<float>(ev_.shot_a2_per_a());
    const std::uint64_t block0 = u * kLanes;
    if (mode_ == McMode::kWaveform && (thermal_var > 0 || shot > 0)) {
      sc.u.resize(ns * kLanes);
      const LaneKey key{spec_.seed, static_cast<std::uint32_t>(RngPurpose::kMcNoise),
                        static_cast<std::uint64_t>(ch.index), block0};
      gaussian_lanes(key, 0, ns / 4, sc.u.data());
      if (nsec == 0)
        for (float& v : sc.u) v *= noise_passthrough_scale_;
      sos_lanes(noise_coef_.data(), nsec, ch.noise_state.data(), sc.u.data(), sc.u.data(), ns);
      add_noise_lanes(sc.x.data(), sc.u.data(), thermal_var, shot, y, ns);
    } else {
      std::copy(sc.x.begin(), sc.x.end(), y);
    }
    if (count) decide_waveform(ch, u, sc.y.data());
    if (ch.eye && count) accumulate_eye(ch, u, y, ns);
    std::copy(sc.y.end() - tail * kLanes, sc.y.end(), ch.y_tail.begin());
  }

  // Bits decided in segment u: nominal instants in [u S os - 2 os, (u+1) S os - 2 os).
  // Returns the bits-buffer row of the first one and its y-buffer position (y row 0 is sample
  // u S os - 3 os).
  void decision_rows(const Channel& ch, long& bit_row, double& y_pos) const {
    const long c0 = static_cast<long>(std::ceil((-2.0 * os_ - ch.decision) / os_));
    bit_row = c0 + static_cast<long>(history_ + ch.tx.taps_ui);
    y_pos = c0 * static_cast<double>(os_) + ch.decision + 3.0 * os_;
  }

  void jitter_draws(const Channel& ch, std::uint64_t u, float* out) const {
    const LaneKey key{spec_.seed, static_cast<std::uint32_t>(RngPurpose::kMcJitter),
                      static_cast<std::uint64_t>(ch.index), u * kLanes};
    gaussian_lanes(key, 0, kSegmentBits / 4, out);
  }

  void decide_waveform(Channel& ch, std::uint64_t u, const float* y) {
    long row;
    double pos0;
    decision_rows(ch, row, pos0);
    Scratch& sc = scratch();
    sc.normals.resize(kSegmentBits * kLanes);
    float* jit = sc.normals.data();
    jitter_draws(ch, u, jit);
    const double jitter_samples = spec_.rx.jitter_rms_ps * 1e-12 / ts_s_;
    const double lim = os_ - 1;
    const double d = ch.threshold_a;
    for (int l = 0; l < kLanes; ++l) {
      double errors = 0.0;
      for (int j = 0; j < kSegmentBits; ++j) {
        const double delta = std::clamp(jitter_samples * jit[j * kLanes + l], -lim, lim);
        const double t = pos0 + j * os_ + delta;
        const long i0 = static_cast<long>(std::floor(t));
        const double f = t - i0;
        const double v = (1.0 - f) * y[i0 * kLanes + l] + f * y[(i0 + 1) * kLanes + l];
        const bool bit = ch.bits[(row + j) * kLanes + l] > 0.5f;
        if ((v > d) != bit) errors += 1.0;
      }
      ch.errors[l] += errors;
    }
  }

  void decide_symbol(Channel& ch, std::uint64_t u) {
    long row;
    double pos0;
    decision_rows(ch, row, pos0);
    Scratch& sc = scratch();
    sc.normals.resize(2 * kSegmentBits * kLanes);
    float* jit = sc.normals.data();
    float* noise = jit + kSegmentBits * kLanes;
    jitter_draws(ch, u, jit);
    const LaneKey key{spec_.seed, static_cast<std::uint32_t>(RngPurpose::kMcNoise),
                      static_cast<std::uint64_t>(ch.index), u * kLanes};
    gaussian_lanes(key, 0, kSegmentBits / 4, noise);
    const double jitter_samples = spec_.rx.jitter_rms_ps * 1e-12 / ts_s_;
    const double lim = os_ - 1;
    const double th2 = ev_.thermal_sigma_a() * ev_.thermal_sigma_a();
    const double shot = ev_.shot_a2_per_a();
    const double d = ch.threshold_a;
    const long k_first_off = row - static_cast<long>(history_ + ch.tx.taps_ui);
    for (int l = 0; l < kLanes; ++l) {
      double errors = 0.0;
      for (int j = 0; j < kSegmentBits; ++j) {
        const double delta = std::clamp(jitter_samples * jit[j * kLanes + l], -lim, lim);
        // Position of the jittered instant from the start of bit k.
        const double t = ch.decision + delta;
        const long i0 = static_cast<long>(std::floor(t));
        const double f = t - i0;
        const int q = static_cast<int>(i0 - ch.pos0);
        double v0 = ch.symbol_base, v1 = ch.symbol_base;
        for (const Channel::TapSet& set : ch.tapsets) {
          const Channel& src = channels_[set.channel];
          const std::size_t src_hist = history_ + src.tx.taps_ui;
          // Row of bit k in the source's buffer (all channels share the segment timing).
          const long k_row = static_cast<long>(src_hist) + k_first_off + j;
          const double* t0 = set.taps.data() + static_cast<std::size_t>(q) * set.lags;
          const double* t1 = t0 + set.lags;
          for (int m = 0; m < set.lags; ++m) {
            const long r = k_row - (set.first_lag + m);
            if (r >= static_cast<long>(src_hist + kSegmentBits)) continue;
            const float b = src.bits[r * kLanes + l];
            v0 += b * t0[m];
            v1 += b * t1[m];
          }
        }
        const double v = (1.0 - f) * v0 + f * v1;
        const double sigma = std::sqrt(th2 + shot * std::max(v, 0.0));
        const double y = v + sigma * noise[j * kLanes + l];
        const bool bit = ch.bits[(row + j) * kLanes + l] > 0.5f;
        if ((y > d) != bit) errors += 1.0;
      }
      ch.errors[l] += errors;
    }
    (void)pos0;
  }

  void accumulate_eye(Channel& ch, std::uint64_t u, const float* y, std::size_t ns) {
    EyeDiagram& e = ch.eye_hist;
    const double a0 = e.amplitude_min_a;
    const double inv = e.amplitude_bins / (e.amplitude_max_a - e.amplitude_min_a);
    const double period = 2.0 * os_;
    const double start = static_cast<double>(u) * kSegmentBits * os_;
    for (std::size_t i = 0; i < ns; ++i) {
      // Time from the nearest decision instant, folded on two unit intervals.
      double t = std::fmod(start + i - ch.decision + os_, period);
      if (t < 0) t += period;
      const int tb = std::min(e.time_bins - 1, static_cast<int>(t / period * e.time_bins));
      for (int l = 0; l < kLanes; ++l) {
        const int ab =
            std::clamp(static_cast<int>((y[i * kLanes + l] - a0) * inv), 0, e.amplitude_bins - 1);
        ++e.counts[static_cast<std::size_t>(ab) * e.time_bins + tb];
      }
    }
  }

  LinkEvaluator& ev_;
  const LinkSpec& spec_;
  const McSpec& mc_;
  McOptions options_;
  McMode mode_;
  bool rate_equation_ = false;
  std::optional<Prbs> prbs_;
  int os_ = 16;
  double ui_s_ = 0.0;
  double ts_s_ = 0.0;
  int span_ui_ = 0;
  int pre_ = 0;
  int skew_offset_ = 0;
  int history_ = 4;
  std::vector<Biquad> rx_sections_;
  std::vector<float> rx_coef_;
  std::vector<float> noise_coef_;
  float noise_passthrough_scale_ = 1.0f;
  double noise_scale_ = 1.0;
  std::vector<Channel> channels_;
  std::vector<int> slot_;
  std::vector<int> counted_;
  std::vector<int> order_;
  std::vector<double> stat_ber_;
  std::unique_ptr<ChainModel> symbol_chain_;
  double bits_ = 0.0;
};

// Importance mode: per channel, the statistical eye's input at its chosen phase and threshold.
McResult importance_run(LinkEvaluator& ev, std::span<const ChannelResult> stat,
                        const McOptions& options) {
  const LinkSpec& spec = ev.spec();
  const auto& layout = ev.layout();
  if (!options.eye_channels.empty())
    throw ConfigError("--eye", std::to_string(options.eye_channels.front()),
                      "no eye channels with mc.mode = importance",
                      "importance sampling draws decisions, not waveforms");
  if (!ev.chain().led().linear())
    throw ConfigError("mc.mode", "\"importance\"",
                      fmt::format("waveform with led.model = {}", enum_name(spec.led.model)),
                      "importance sampling runs on the statistical eye's linear model");
  if (spec.mc.phase_ui || spec.mc.threshold_ua)
    throw ConfigError("mc.phase_ui", "set", "unset with mc.mode = importance",
                      "importance sampling runs at the statistical eye's phase and threshold");
  const std::vector<int> counted = counted_channels(layout, options.channels);
  // Pulse responses are built lazily and thread-safely; build them before the parallel loop
  // only through eye_input, which every task calls.
  McResult r;
  r.mode = McMode::kImportance;
  r.samples_per_ui = ev.chain().samples_per_ui();
  r.channels.resize(counted.size());
  const auto t0 = Clock::now();
  const int os = ev.chain().samples_per_ui();
  parallel_for(counted.size(), options.threads, [&](std::size_t i) {
    const int c = counted[i];
    const ChannelResult& st = stat[c];
    const StatEyeInput in = ev.eye_input(c, false);
    ImportanceOptions io;
    io.seed = spec.seed;
    io.stream = static_cast<std::uint64_t>(c);
    io.samples = spec.mc.max_bits;
    io.confidence = spec.mc.confidence;
    const int phase = static_cast<int>(std::lround(st.sampling_phase_ui * os));
    const ImportanceResult ir = importance_ber(in, phase, st.threshold_a, io);
    McChannelResult& m = r.channels[i];
    m.index = c;
    m.bits = ir.samples;
    m.ber = ir.ber;
    m.ci_low = ir.ci_low;
    m.ci_high = ir.ci_high;
    m.effective_samples = ir.effective_samples;
    m.refusal = ir.refusal;
    m.stat_eye_ber = st.ber;
    m.phase_ui = st.sampling_phase_ui;
    m.threshold_a = st.threshold_a;
  });
  r.wall_s = std::chrono::duration<double>(Clock::now() - t0).count();
  r.bits_per_channel = spec.mc.max_bits;
  r.total_bits = spec.mc.max_bits * counted.size();
  r.bits_per_s = r.wall_s > 0 ? r.total_bits / r.wall_s : 0.0;
  r.stop_reason = "max_bits";
  if (options.progress) options.progress->update(1.0, "done");
  return r;
}

}  // namespace

McResult monte_carlo(LinkEvaluator& evaluator, std::span<const ChannelResult> stat,
                     const McOptions& options) {
  if (evaluator.spec().mc.mode == McMode::kImportance)
    return importance_run(evaluator, stat, options);
  Engine engine(evaluator, stat, options);
  return engine.run();
}

EngineChain engine_chain(LinkEvaluator& evaluator, std::span<const ChannelResult> stat,
                         int channel) {
  McOptions o;
  o.channels = {channel};
  Engine engine(evaluator, stat, o);
  return engine.chain_of(channel);
}

std::vector<double> engine_pulse(LinkEvaluator& evaluator, int channel, int length_ui) {
  std::vector<ChannelResult> stat(evaluator.layout().channels.size());
  McOptions o;
  o.channels = {channel};
  Engine engine(evaluator, stat, o);
  return engine.pulse_of(channel, length_ui);
}

}  // namespace mosaic::phy::mc

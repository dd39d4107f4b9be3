#include "mosaic/phy/mc/engine_blocks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/phy/mc/noise.hpp"
#include "mosaic/phy/mc/photodiode.hpp"
#include "mosaic/phy/mc/section_filter.hpp"
#include "mosaic/phy/mc/symbol_decider.hpp"
#include "mosaic/phy/mc/symbol_receiver.hpp"
#include "mosaic/phy/mc/waveform_decider.hpp"
#include "mosaic/phy/mc/waveform_receiver.hpp"

namespace mosaic::phy::mc {
namespace {

constexpr int kWarmupBits = 96;  // settling of every filter before errors are counted
constexpr int kMinHistoryBits = 4;

// Which channels are simulated: the counted ones first (as asked, then the eye channels), then
// their live neighbours, each once.
struct Slots {
  std::vector<int> channel;  // pixel of each slot
  std::vector<int> of;       // slot of each pixel, -1 if not simulated
  std::vector<char> eye;
  int counted = 0;  // slots [0, counted) are counted

  int add(int c) {
    if (of[c] < 0) {
      of[c] = static_cast<int>(channel.size());
      channel.push_back(c);
      eye.push_back(0);
    }
    return of[c];
  }
};

EyeHistogram::Config eye_config(const TransmitBlocks& t, const std::vector<Neighbour>& neighbours,
                                const ReceiveBlocks& r, int os, int bins, int first_segment) {
  EyeHistogram::Config e;
  e.channel = t.index;
  e.samples_per_ui = os;
  e.amplitude_bins = bins;
  double leak = 0.0;
  for (const Neighbour& nb : neighbours) leak += nb.kappa;
  // Room for the full crosstalk on the 1 level and half a swing of noise either side.
  const double hi = t.low_a + t.swing_a;
  const double span = t.swing_a;
  e.amplitude_min_a = t.low_a - 0.5 * span;
  e.amplitude_max_a = hi * (1.0 + leak) + 0.5 * span;
  e.threshold_a = r.threshold_a;
  e.decision_samples = r.decision_samples;
  e.first_segment = static_cast<std::uint64_t>(first_segment);
  return e;
}

// Waveform mode: every simulated channel's light, and on each counted channel photodiode ->
// receiver filter -> noise -> decider. Needs no history beyond the decisions'.
int wire_waveform(LinkEvaluator& ev, const EngineTiming& timing, const Slots& slots,
                  EngineBlocks& e) {
  const LinkSpec& spec = ev.spec();
  const int os = timing.samples_per_ui();
  const std::vector<Biquad> sections =
      ev.chain().receiver().sections(os / ev.chain().bit_period_s());
  const double noise_scale = unit_noise_scale(sections, os);
  for (TransmitBlocks& t : e.transmit) {
    t.tx = channel_transmitter(ev, timing, t);
    t.photo.resize(static_cast<std::size_t>(kSegmentBits) * os * kLanes);
  }
  for (ReceiveBlocks& r : e.receive) {
    const TransmitBlocks& t = e.transmit[r.slot];
    std::vector<float> kappas;
    std::vector<std::span<const float>> light;
    for (const Neighbour& nb : ev.layout().neighbours[t.index]) {
      kappas.push_back(static_cast<float>(nb.kappa));
      light.emplace_back(e.transmit[slots.of[nb.index]].photo);
    }
    r.path = make_waveform_receiver(
        t.photo, std::move(light), Photodiode(std::move(kappas)), SectionFilter(sections),
        Noise({spec.seed, t.index, ev.thermal_sigma_a(), ev.shot_a2_per_a(), noise_scale},
              sections),
        WaveformDecider({spec.seed, t.index, os, r.decision_samples, r.threshold_a,
                         timing.jitter_rms_samples()}));
  }
  return kMinHistoryBits;
}

// Pattern tables (a victim without neighbours) are kept for this many counted channels at most:
// each may grow to PatternTable::kMaxBytes (16 MiB; 4.3 MiB for 14 lags at 16 samples per UI), and
// a run over the whole array would spend gigabytes on them and miss the cache on every lookup.
constexpr std::size_t kPatternTableChannels = 8;

// Symbol mode: the bits alone, and on each counted channel the superposition of its own and its
// neighbours' pulse taps (the chain model at the engine's oversampling). Returns the bit history
// the taps reach back over.
int wire_symbol(LinkEvaluator& ev, const EngineTiming& timing, const Slots& slots,
                EngineBlocks& e) {
  const LinkSpec& spec = ev.spec();
  const int os = timing.samples_per_ui();
  const ChainModel chain(spec, ev.fiber(), ev.ctle_peaking_db(), os);
  int history = kMinHistoryBits;
  for (ReceiveBlocks& r : e.receive) {
    const TransmitBlocks& t = e.transmit[r.slot];
    const std::vector<Neighbour>& neighbours = ev.layout().neighbours[t.index];
    SymbolDecider::Config c{spec.seed,
                            t.index,
                            os,
                            timing.grid().span_ui,
                            r.decision_samples,
                            r.threshold_a,
                            timing.jitter_rms_samples(),
                            ev.thermal_sigma_a(),
                            ev.shot_a2_per_a(),
                            t.base_a};
    std::vector<PulseResponse> pulses;
    std::vector<SymbolSource> sources;
    std::vector<const BitHistory*> bits;
    pulses.reserve(neighbours.size() + 1);
    auto add = [&](const TransmitBlocks& src, double weight) {
      pulses.push_back(chain.pulse(ev.layout().channels[src.index].led_f3db_hz));
      sources.push_back(
          {&pulses.back(), weight, src.swing_a, timing.precursor_samples() + src.skew_delay});
      bits.push_back(&src.bits);
    };
    add(t, 1.0);
    for (const Neighbour& nb : neighbours) {
      const TransmitBlocks& src = e.transmit[slots.of[nb.index]];
      add(src, nb.kappa);
      c.base_a += nb.kappa * src.base_a;
    }
    c.allow_pattern_table = e.receive.size() <= kPatternTableChannels;
    SymbolDecider decider(c, sources);
    history = std::max(history, decider.history_bits());
    r.path = make_symbol_receiver(std::move(bits), std::move(decider));
  }
  return history;
}

}  // namespace

std::vector<int> counted_channels(const ArrayLayout& layout, const std::vector<int>& asked) {
  const int n = static_cast<int>(layout.channels.size());
  std::vector<int> counted = asked;
  if (counted.empty())
    for (int i = 0; i < n; ++i)
      if (!layout.channels[i].dead) counted.push_back(i);
  for (int c : counted) {
    if (c < 0 || c >= n)
      throw ConfigError("mc_channels", std::to_string(c),
                        fmt::format("channel indices in [0, {})", n));
    if (layout.channels[c].dead)
      throw ConfigError("mc_channels", std::to_string(c), "live channels",
                        "that pixel is dead at manufacture");
  }
  return counted;
}

std::unique_ptr<Transmitter> channel_transmitter(LinkEvaluator& ev, const EngineTiming& timing,
                                                 const TransmitBlocks& channel) {
  TransmitterSetup s;
  s.chain = &ev.chain();
  s.grid = timing.grid();
  s.delay_samples = timing.precursor_samples() + channel.skew_delay;
  s.low_a = channel.low_a;
  s.swing_a = channel.swing_a;
  s.base_a = channel.base_a;
  s.led_f3db_hz = ev.layout().channels[channel.index].led_f3db_hz;
  return ev.chain().led().transmitter(s);
}

EngineBlocks wire_engine(LinkEvaluator& ev, std::span<const ChannelResult> stat,
                         const McOptions& options) {
  const LinkSpec& spec = ev.spec();
  const McSpec& mc = spec.mc;
  const ArrayLayout& layout = ev.layout();
  // The one place the mode is read: it picks the receive paths (and whether light is simulated).
  const bool symbol = mc.mode == McMode::kSymbol;
  if (symbol && !ev.chain().led().linear())
    throw ConfigError(
        "mc.mode", "\"symbol\"",
        fmt::format("waveform or importance with led.model = {}", enum_name(spec.led.model)),
        "symbol-rate superposition needs a linear chain");
  const int n = static_cast<int>(layout.channels.size());
  const std::vector<int> counted = counted_channels(layout, options.channels);
  for (int c : options.eye_channels)
    if (c < 0 || c >= n || layout.channels[c].dead)
      throw ConfigError("eye_channels", std::to_string(c), "a live channel index");
  Slots slots;
  slots.of.assign(n, -1);
  for (int c : counted) slots.add(c);
  for (int c : options.eye_channels) slots.eye[slots.add(c)] = 1;
  slots.counted = static_cast<int>(slots.channel.size());
  for (int s = 0; s < slots.counted; ++s)
    for (const Neighbour& nb : layout.neighbours[slots.channel[s]]) slots.add(nb.index);

  const EngineTiming timing(ev);
  const int os = timing.samples_per_ui();
  EngineBlocks e;
  e.samples_per_ui = os;
  e.transmit.resize(slots.channel.size());
  for (std::size_t s = 0; s < slots.channel.size(); ++s) {
    TransmitBlocks& t = e.transmit[s];
    t.index = slots.channel[s];
    const ChannelParams& p = layout.channels[t.index];
    const ChannelLevels lv = channel_levels(spec, p.received_power_dbm);
    t.low_a = lv.low_a;
    t.swing_a = lv.high_a - lv.low_a;
    const double alpha = spec.led.pre_emphasis;
    t.base_a = t.low_a + t.swing_a * alpha / (1.0 + alpha);
    t.skew_delay = timing.skew_delay_samples(p);
    t.stimulus = make_stimulus(spec.channel.pattern, spec.seed, t.index);
  }
  int history = 0;
  e.receive.resize(slots.counted);
  for (int s = 0; s < slots.counted; ++s) {
    ReceiveBlocks& r = e.receive[s];
    const int c = e.transmit[s].index;
    r.slot = s;
    r.phase_ui = mc.phase_ui ? *mc.phase_ui : stat[c].sampling_phase_ui;
    r.threshold_a = mc.threshold_ua ? *mc.threshold_ua * 1e-6 : stat[c].threshold_a;
    r.decision_samples = timing.decision_samples(ev.pulse(c), r.phase_ui, e.transmit[s].skew_delay);
    r.stat_eye_ber = stat[c].ber;
    history = std::max(history, decision_lag_bits(os, r.decision_samples));
  }
  history = std::max(
      history, symbol ? wire_symbol(ev, timing, slots, e) : wire_waveform(ev, timing, slots, e));

  e.warmup_segments = (kWarmupBits + history + kSegmentBits - 1) / kSegmentBits;
  for (int s = 0; s < slots.counted; ++s)
    if (slots.eye[s])
      e.receive[s].eye.emplace(eye_config(e.transmit[s], layout.neighbours[e.transmit[s].index],
                                          e.receive[s], os, options.eye_amplitude_bins,
                                          e.warmup_segments));
  // Every channel's bits reach back as far as the furthest decision and its own transmitter.
  for (TransmitBlocks& t : e.transmit)
    t.bits = BitHistory(static_cast<std::size_t>(history + (t.tx ? t.tx->taps_ui() : 0)));
  // Report order: as asked, then the eye-only channels.
  for (int c : counted) e.report.push_back(slots.of[c]);
  for (int c : options.eye_channels)
    if (std::find(counted.begin(), counted.end(), c) == counted.end())
      e.report.push_back(slots.of[c]);
  return e;
}

}  // namespace mosaic::phy::mc

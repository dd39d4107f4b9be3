#include <fmt/format.h>

#include <vector>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/phy/biquad.hpp"
#include "mosaic/phy/mc/engine_blocks.hpp"
#include "mosaic/phy/mc/monte_carlo.hpp"
#include "mosaic/phy/mc/noise.hpp"

namespace mosaic::phy::mc {
namespace {

McOptions only(int channel) {
  McOptions o;
  o.channels = {channel};
  return o;
}

// The channel's blocks as a run of it alone would wire them (its neighbours simulated too).
struct OneChannel {
  EngineBlocks blocks;
  EngineTiming timing;
  std::unique_ptr<Transmitter> tx;  // built here too where the mode needs none (symbol)
  std::vector<Biquad> sections;

  OneChannel(LinkEvaluator& ev, std::span<const ChannelResult> stat, int channel)
      : blocks(wire_engine(ev, stat, only(channel))),
        timing(ev),
        tx(channel_transmitter(ev, timing, blocks.transmit[blocks.receive[0].slot])),
        sections(
            ev.chain().receiver().sections(timing.samples_per_ui() / ev.chain().bit_period_s())) {}
  const TransmitBlocks& transmit() const { return blocks.transmit[blocks.receive[0].slot]; }
};

}  // namespace

EngineChain engine_chain(LinkEvaluator& evaluator, std::span<const ChannelResult> stat,
                         int channel) {
  const OneChannel one(evaluator, stat, channel);
  const ReceiveBlocks& r = one.blocks.receive[0];
  EngineChain e;
  e.samples_per_ui = one.timing.samples_per_ui();
  e.tx_pulse.assign(one.tx->pulse().begin(), one.tx->pulse().end());
  e.taps_ui = one.tx->taps_ui();
  e.base_a = one.transmit().base_a;
  e.swing_a = one.transmit().swing_a;
  for (const Biquad& s : one.sections)
    e.rx_sections.push_back({s.b[0], s.b[1], s.b[2], s.a[1], s.a[2]});
  e.noise_input_scale = unit_noise_scale(one.sections, e.samples_per_ui);
  e.thermal_var_a2 = evaluator.thermal_sigma_a() * evaluator.thermal_sigma_a();
  e.shot_a2_per_a = evaluator.shot_a2_per_a();
  e.decision_samples = r.decision_samples;
  e.threshold_a = r.threshold_a;
  e.jitter_rms_samples = one.timing.jitter_rms_samples();
  return e;
}

std::vector<double> engine_pulse(LinkEvaluator& evaluator, int channel, int length_ui) {
  const std::vector<ChannelResult> stat(evaluator.layout().channels.size());
  const OneChannel one(evaluator, stat, channel);
  const std::span<const double> pulse = one.tx->pulse();
  if (pulse.empty())
    throw ConfigError("led.model", fmt::format("\"{}\"", enum_name(evaluator.spec().led.model)),
                      "a linear LED model", "a nonlinear transmitter has no one-bit response");
  const int os = one.timing.samples_per_ui();
  const int n = length_ui * os;
  std::vector<double> in(n, 0.0);
  for (int i = 0; i < one.tx->taps_ui() * os && i < n; ++i) in[i] = pulse[i];
  const std::vector<double> y = biquad_response(one.sections, in);
  std::vector<double> out(n, 0.0);
  // Back to the chain model's coordinates: its quarter-window shift, without the engine's delay.
  const int shift = (one.timing.grid().span_ui / 4) * os - one.timing.precursor_samples() -
                    one.transmit().skew_delay;
  for (int i = 0; i < n; ++i) out[((i + shift) % n + n) % n] = y[i];
  return out;
}

}  // namespace mosaic::phy::mc

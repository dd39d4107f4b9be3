#include "mosaic/phy/mc/importance_run.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <string>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/phy/mc/engine_blocks.hpp"
#include "mosaic/phy/mc/importance.hpp"

namespace mosaic::phy::mc {

McResult importance_monte_carlo(LinkEvaluator& ev, std::span<const ChannelResult> stat,
                                const McOptions& options) {
  using Clock = std::chrono::steady_clock;
  const LinkSpec& spec = ev.spec();
  if (!options.eye_channels.empty())
    throw ConfigError("eye_channels", std::to_string(options.eye_channels.front()),
                      "no eye channels with mc.mode = importance",
                      "importance sampling draws decisions, not waveforms");
  if (!ev.chain().led().linear())
    throw ConfigError("mc.mode", "\"importance\"",
                      fmt::format("waveform with led.model = {}", enum_name(spec.led.model)),
                      "importance sampling runs on the statistical eye's linear model");
  if (spec.mc.phase_ui || spec.mc.threshold_ua)
    throw ConfigError("mc.phase_ui", "set", "unset with mc.mode = importance",
                      "importance sampling runs at the statistical eye's phase and threshold");
  const std::vector<int> counted = counted_channels(ev.layout(), options.channels);
  McResult r;
  r.mode = McMode::kImportance;
  r.samples_per_ui = ev.chain().samples_per_ui();
  r.channels.resize(counted.size());
  const auto t0 = Clock::now();
  const int os = ev.chain().samples_per_ui();
  // Pulse responses are built lazily and thread-safely, through eye_input, which every task calls.
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

}  // namespace mosaic::phy::mc

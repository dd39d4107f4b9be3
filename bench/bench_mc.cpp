// Monte Carlo engine throughput (Google Benchmark), and the mosaic side of
// bench/mc_vs_numpy.py:
//   bench_mc                              # the benchmarks below
//   bench_mc --chain-json FILE --bits N   # one channel, one thread: run, time, and write the
//                                         # discrete chain plus bits/s to FILE for the numpy twin
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/mc/monte_carlo.hpp"

namespace {

using namespace mosaic;

// The single-channel chain of the comparison: prototype optics at 30 m (BER ~1e-3, so errors
// are plentiful), crosstalk off so that exactly one channel is simulated, noise and jitter on.
LinkSpec single_channel_spec(double bits, McMode mode = McMode::kWaveform) {
  LinkSpec spec = preset("prototype");
  spec.fiber.length_m = 30.0;
  spec.fiber.crosstalk = false;
  spec.mc.mode = mode;
  spec.mc.samples_per_ui = 16;
  spec.mc.max_bits = bits;
  spec.mc.target_errors = 1000000000;
  return spec;
}

constexpr int kChannel = 44;

phy::mc::McResult run_channels(const LinkSpec& spec, std::vector<int> channels, int threads) {
  phy::LinkEvaluator ev(spec);
  std::vector<phy::ChannelResult> stat(ev.layout().channels.size());
  if (channels.empty()) {
    for (std::size_t i = 0; i < stat.size(); ++i)
      if (!ev.layout().channels[i].dead) channels.push_back(static_cast<int>(i));
  }
  parallel_for(channels.size(), threads,
               [&](std::size_t i) { stat[channels[i]] = ev.evaluate_channel(channels[i], false); });
  phy::mc::McOptions o;
  o.channels = channels;
  o.threads = threads;
  return phy::mc::monte_carlo(ev, stat, o);
}

// Runs the engine once per iteration; bits_per_s is over the engine's own wall time.
void run_and_count(benchmark::State& state, const LinkSpec& spec, const std::vector<int>& channels,
                   int threads) {
  double bits = 0, wall = 0;
  for (auto _ : state) {
    const auto r = run_channels(spec, channels, threads);
    bits += r.total_bits;
    wall += r.wall_s;
  }
  state.counters["bits_per_s"] = bits / wall;
}

// One channel, one thread, in the mode given by the argument (0 waveform, 1 symbol-rate).
void BM_SingleChannel(benchmark::State& state) {
  const LinkSpec spec = single_channel_spec(
      state.range(1), state.range(0) == 0 ? McMode::kWaveform : McMode::kSymbol);
  run_and_count(state, spec, {kChannel}, 1);
}

// Symbol rate with crosstalk: one interior channel counted, its own ISI and its 8 neighbours'
// pulses superposed at every decision (9 sources), one thread.
void BM_SymbolWithAggressors(benchmark::State& state) {
  LinkSpec spec = single_channel_spec(static_cast<double>(state.range(0)), McMode::kSymbol);
  spec.fiber.crosstalk = true;
  run_and_count(state, spec, {kChannel}, 1);
}

// The full default design: every live channel, crosstalk from the real neighbours, all cores.
void BM_WaveformFullDesign(benchmark::State& state) {
  LinkSpec spec;  // the 800G default
  spec.mc.max_bits = 2e4;
  spec.mc.target_errors = 1000000000;
  run_and_count(state, spec, {}, static_cast<int>(state.range(0)));
  state.counters["threads"] = resolve_threads(static_cast<int>(state.range(0)));
}

// One importance-sampling estimate of a channel at BER ~1e-12 (1e6 trials, one core): the
// issue asks for under a minute per estimate.
void BM_ImportanceEstimateAt1e12(benchmark::State& state) {
  LinkSpec spec = preset("prototype");
  spec.fiber.length_m = 20.0;
  spec.led.power_sigma_db = 0;
  spec.coupling.sigma_db = 0;
  double lo = -40, hi = 0;
  for (int it = 0; it < 30; ++it) {
    spec.rx.power_dbm = 0.5 * (lo + hi);
    phy::LinkEvaluator ev(spec);
    (ev.evaluate_channel(kChannel, false).ber > 1e-12 ? lo : hi) = *spec.rx.power_dbm;
  }
  spec.rx.power_dbm = hi;
  spec.mc.mode = McMode::kImportance;
  spec.mc.max_bits = 1e6;
  double ber = 0;
  for (auto _ : state) ber = run_channels(spec, {kChannel}, 1).channels[0].ber;
  state.counters["ber"] = ber;
}

BENCHMARK(BM_ImportanceEstimateAt1e12)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK(BM_SingleChannel)
    ->ArgNames({"symbol", "bits"})
    ->Args({0, 2000000})
    ->Args({1, 2000000})
    ->Args({1, 20000000})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(2);
BENCHMARK(BM_SymbolWithAggressors)
    ->ArgName("bits")
    ->Arg(4000000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(2);
BENCHMARK(BM_WaveformFullDesign)
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

int chain_json(const std::string& path, double bits) {
  const LinkSpec spec = single_channel_spec(bits);
  phy::LinkEvaluator ev(spec);
  std::vector<phy::ChannelResult> stat(ev.layout().channels.size());
  stat[kChannel] = ev.evaluate_channel(kChannel, false);
  const phy::mc::EngineChain c = phy::mc::engine_chain(ev, stat, kChannel);
  const auto r = run_channels(spec, {kChannel}, 1);
  nlohmann::json j;
  j["samples_per_ui"] = c.samples_per_ui;
  j["tx_pulse"] = c.tx_pulse;
  j["taps_ui"] = c.taps_ui;
  j["base_a"] = c.base_a;
  j["swing_a"] = c.swing_a;
  j["rx_sections"] = c.rx_sections;
  j["noise_input_scale"] = c.noise_input_scale;
  j["thermal_var_a2"] = c.thermal_var_a2;
  j["shot_a2_per_a"] = c.shot_a2_per_a;
  j["decision_samples"] = c.decision_samples;
  j["threshold_a"] = c.threshold_a;
  j["jitter_rms_samples"] = c.jitter_rms_samples;
  j["stat_eye_ber"] = stat[kChannel].ber;
  j["mosaic"] = {{"bits", r.total_bits},
                 {"errors", r.channels[0].errors},
                 {"ber", r.channels[0].ber},
                 {"wall_s", r.wall_s},
                 {"bits_per_s", r.bits_per_s}};
  std::ofstream(path) << j.dump(1) << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string chain_path;
  double bits = 4e6;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--chain-json") == 0) chain_path = argv[i + 1];
    if (std::strcmp(argv[i], "--bits") == 0) bits = std::stod(argv[i + 1]);
  }
  if (!chain_path.empty()) return chain_json(chain_path, bits);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// Fleet Monte Carlo throughput: link-lifetimes (one link position over the whole horizon,
// replacements included) simulated per second. Target: >= 1e7 per second on 2 cores for the
// default 800G design over 5 years.
#include <benchmark/benchmark.h>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/reliability/fleet.hpp"

namespace {

using namespace mosaic;

void run(benchmark::State& state, const LinkSpec& spec) {
  reliability::FleetOptions o;
  o.links = 600000;
  o.years = 5.0;
  o.threads = static_cast<int>(state.range(0));
  std::int64_t failures = 0;
  for (auto _ : state) {
    const auto r = reliability::fleet_monte_carlo(spec, o);
    failures += r.failures;
    benchmark::DoNotOptimize(failures);
  }
  state.counters["link_lifetimes_per_s"] = benchmark::Counter(
      static_cast<double>(o.links) * state.iterations(), benchmark::Counter::kIsRate);
  state.counters["failures_per_run"] = static_cast<double>(failures) / state.iterations();
}

// The published 800G design: 50 spares, 1 FIT per channel, 5 FIT common.
void BM_Fleet800g(benchmark::State& state) {
  run(state, preset("800g"));
}

// A busy fleet: no spares and 100 FIT channels, so most links fail and are replaced.
void BM_FleetBusyNoSpares(benchmark::State& state) {
  LinkSpec s = preset("800g");
  s.array.spare_channels = 0;
  s.reliability.channel_fit = 100.0;
  run(state, s);
}

// Spares that do get used: every failure needs an order-statistic inversion.
void BM_FleetTwoSparesHighFit(benchmark::State& state) {
  LinkSpec s = preset("800g");
  s.array.spare_channels = 2;
  s.reliability.channel_fit = 200.0;
  run(state, s);
}

}  // namespace

BENCHMARK(BM_Fleet800g)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FleetBusyNoSpares)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FleetTwoSparesHighFit)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();

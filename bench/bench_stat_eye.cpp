// Speed of the statistical eye: one channel with its 8 aggressors, and the whole default design
// (460 channels, crosstalk on, optical-margin search included) as `mosaic simulate` runs it.
#include <benchmark/benchmark.h>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace {

void BM_StatEyeOneChannel(benchmark::State& state) {
  const mosaic::LinkSpec spec = mosaic::preset("800g");
  mosaic::phy::LinkEvaluator ev(spec);
  const int centre = (spec.array.rows / 2) * spec.array.cols + spec.array.cols / 2;
  const bool bathtubs = state.range(0) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(ev.evaluate_channel(centre, bathtubs).log10_ber);
  state.counters["aggressors"] = static_cast<double>(ev.layout().neighbours[centre].size());
}
BENCHMARK(BM_StatEyeOneChannel)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_SimulateDefaultDesign(benchmark::State& state) {
  const mosaic::LinkSpec spec = mosaic::preset("800g");
  mosaic::EvalOptions options;
  options.threads = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(mosaic::evaluate(spec, options).link().median_ber);
  state.counters["channels"] = spec.array.rows * spec.array.cols;
}
BENCHMARK(BM_SimulateDefaultDesign)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();

// Designs per second of a sweep over the default 800G family (all 460 channels through the
// statistical eye, lanes, power, reliability): the sweep-mode evaluation of one point, and whole
// sweeps with 1 and 2 points at a time. bench/sweep_scaling.py adds MPI ranks side by side.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/sweep/evaluate_point.hpp"
#include "mosaic/sweep/runner.hpp"
#include "mosaic/sweep/store.hpp"
#include "mosaic/sweep/sweep_file.hpp"

namespace {

using namespace mosaic;

// One design as `mosaic simulate` evaluates it (margin and bathtubs) against the sweep mode.
void BM_OneDesign(benchmark::State& state) {
  const LinkSpec spec = preset("800g");
  const bool sweep_mode = state.range(0) != 0;
  for (auto _ : state) {
    if (sweep_mode) {
      benchmark::DoNotOptimize(sweep::evaluate_design(spec, {}, 1).link().median_ber);
    } else {
      EvalOptions full;
      full.threads = 1;
      benchmark::DoNotOptimize(evaluate(spec, full).link().median_ber);
    }
  }
  state.SetLabel(sweep_mode ? "sweep mode" : "full (simulate)");
  state.counters["designs/s"] =
      benchmark::Counter(1, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_OneDesign)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// A 40-point sweep of the 800G family (fiber length x temperature) into a fresh store: enough
// points that the last, slowest ones do not leave a thread idle for long.
void BM_Sweep800g(benchmark::State& state) {
  const auto def = sweep::parse_sweep(R"(
[base]
preset = "800g"
[[axis]]
key = "fiber.length_m"
start = 20
stop = 50
count = 10
[[axis]]
key = "environment.case_temperature_c"
values = [25, 45, 65, 85]
)",
                                      "bench");
  const std::string path =
      (std::filesystem::temp_directory_path() / "mosaic_bench_sweep.db").string();
  sweep::RunOptions options;
  options.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    state.PauseTiming();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    sweep::Store store(path, def, false);
    state.ResumeTiming();
    benchmark::DoNotOptimize(sweep::run_sweep(def, store, options).evaluated);
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  state.counters["designs/s"] = benchmark::Counter(static_cast<double>(def.grid.points.size()),
                                                   benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(std::to_string(options.threads) + " thread(s)");
}
BENCHMARK(BM_Sweep800g)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace

BENCHMARK_MAIN();

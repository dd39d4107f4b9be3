// CPU cost of one direction of `mosaic cable` without the TAP interfaces: frames through host
// framing, transmitter, channel model, receiver and the host FEC decision, per marker period.
// Full periods (a backlog, as under iperf3) give the frame throughput one core can carry; a
// period with a single frame (a ping) gives the fixed cost every period pays. skip_clean:1 is the
// cable as it runs (an error-free period's bits are not run,
// link::Session::set_skip_clean_periods), skip_clean:0 every bit through the model.
#include <benchmark/benchmark.h>

#include <vector>

#include "mosaic/cable/direction.hpp"
#include "mosaic/core/design/presets.hpp"

namespace {

using namespace mosaic;

void BM_CableDirection(benchmark::State& state) {
  LinkSpec spec = preset("800g");
  const bool full = state.range(0) != 0;
  cable::CableDirection dir(spec, {}, spec.seed);
  dir.set_skip_clean_periods(state.range(1) != 0);
  std::vector<std::uint8_t> frame(1514, 0x5A);
  std::uint64_t bytes = 0;
  const cable::FrameSink sink = [&](std::span<const std::uint8_t> f, std::int64_t) {
    bytes += f.size();
  };
  for (auto _ : state) {
    if (full) {
      while (dir.has_room()) dir.push(frame, 0);
    } else {
      dir.push(frame, 0);
    }
    dir.step(sink);
  }
  state.counters["frame_Gbps"] =
      benchmark::Counter(8.0 * double(bytes), benchmark::Counter::kIsRate);
  state.counters["period_us"] = benchmark::Counter(
      double(state.iterations()) * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_CableDirection)
    ->ArgsProduct({{1, 0}, {0, 1}})
    ->ArgNames({"full", "skip_clean"})
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();

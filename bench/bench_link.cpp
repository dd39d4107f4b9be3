// Throughput of the bit-exact link layer on one core, and RS(544,514) decoding beside libfec.
// Pipeline: transmitter (gearbox + ECC encode + markers + lane map) and receiver (marker check,
// deskew/reorder, BIP, ECC syndromes + correction, gearbox back), both directions per iteration;
// the wire is handed over unimpaired (the channel model is test harness, not link electronics),
// written by the transmitter straight into the receiver's buffer as the relay's session does.
#include <benchmark/benchmark.h>

#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/link/host_fec.hpp"
#include "mosaic/link/kernels.hpp"
#include "mosaic/link/receiver.hpp"
#include "mosaic/link/transmitter.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::link;

void BM_Pipeline(benchmark::State& state) {
  LinkSpec spec = preset("800g");
  spec.link.striping = state.range(0) ? Striping::kWord : Striping::kBit;
  const auto cfg = LinkConfig::from_spec(spec);
  Transmitter tx(cfg);
  Receiver rx(cfg);
  rx.set_lane_map(identity_lane_map(cfg), 0);
  std::vector<std::uint64_t> host(cfg.host_words_per_period()), out(host.size());
  Rng rng(1, RngPurpose::kLinkPayload, 0);
  for (auto& w : host) w = rng.next_u64();
  for (auto _ : state) {
    tx.process(host, rx.next_wire());  // the wire straight into the receiver's buffer
    rx.process_written(out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["host_Gbps"] = benchmark::Counter(
      double(cfg.host_bits_per_period()) * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Pipeline)->Arg(0)->Arg(1)->ArgNames({"word_striping"})->Unit(benchmark::kMillisecond);

// The bit-striping row kernels alone (one frame row of the 800g design: 400 lanes), per
// instruction set; host_Gbps counts the row's 25600 host bits.
void BM_BitStripeRow(benchmark::State& state) {
  const int lanes = static_cast<int>(state.range(0));
  const auto isa = state.range(1) ? KernelIsa::kAvx512 : KernelIsa::kPortable;
  if (!kernel_isa_supported(isa)) return state.SkipWithError("instruction set not supported");
  std::vector<std::uint64_t> stream(lanes + 1), lanes_buf(bit_stripe_scratch_words(lanes));
  Rng rng(3, RngPurpose::kLinkPayload, 0);
  for (auto& w : stream) w = rng.next_u64();
  for (auto _ : state) {
    bit_stripe_row(stream.data(), lanes, lanes_buf.data(), isa);
    benchmark::DoNotOptimize(lanes_buf.data());
    bit_destripe_row(lanes_buf.data(), lanes, stream.data(), isa);
    benchmark::DoNotOptimize(stream.data());
  }
  state.counters["host_Gbps"] =
      benchmark::Counter(64.0 * lanes * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BitStripeRow)
    ->Args({400, 0})
    ->Args({400, 1})
    ->Args({410, 1})
    ->ArgNames({"lanes", "avx512"});

template <class Decoder>
void decode_bench(benchmark::State& state) {
  Rs544 enc;
  Decoder dec;
  Rng rng(2, RngPurpose::kLinkPayload, 0);
  constexpr int kWords = 64;
  std::vector<std::vector<std::uint16_t>> cws(kWords, std::vector<std::uint16_t>(Rs544::kN));
  for (auto& cw : cws) {
    for (int i = 0; i < Rs544::kK; ++i) cw[i] = rng.next_u32() & 0x3FF;
    enc.encode(cw);
    for (int e = 0; e < state.range(0); ++e)
      cw[rng.next_u32() % Rs544::kN] ^= 1 + rng.next_u32() % 1023;
  }
  std::vector<std::uint16_t> work(Rs544::kN);
  std::size_t i = 0;
  for (auto _ : state) {
    work = cws[i++ % kWords];
    benchmark::DoNotOptimize(dec.decode(work));
  }
  state.counters["Gbps"] = benchmark::Counter(
      double(Rs544::kCodewordBits) * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}
void BM_Rs544Decode_Mosaic(benchmark::State& s) {
  decode_bench<Rs544>(s);
}
void BM_Rs544Decode_Libfec(benchmark::State& s) {
  decode_bench<LibfecRs544>(s);
}
BENCHMARK(BM_Rs544Decode_Mosaic)->Arg(0)->Arg(8)->Arg(15)->ArgNames({"errors"});
BENCHMARK(BM_Rs544Decode_Libfec)->Arg(0)->Arg(8)->Arg(15)->ArgNames({"errors"});

}  // namespace

BENCHMARK_MAIN();

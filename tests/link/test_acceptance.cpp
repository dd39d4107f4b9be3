#include <gtest/gtest.h>

#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/link/host_fec.hpp"
#include "mosaic/link/relay.hpp"

namespace mosaic::link {
namespace {

double period_s(const LinkSpec& spec) {
  return spec.link.marker_period_bits / (spec.channel.rate_gbps * 1e9);
}

// Appends `bits` bits of v to a bit stream (LSB first).
void put(std::vector<std::uint64_t>& s, std::uint64_t& pos, std::uint64_t v, int bits) {
  for (int i = 0; i < bits; ++i, ++pos) {
    if (pos / 64 >= s.size()) s.push_back(0);
    s[pos / 64] |= ((v >> i) & 1u) << (pos % 64);
  }
}

// An Ethernet-like host stream: frames in 64b/66b blocks (sync header 01 data / 10 control),
// idles between frames, packed into RS(544,514) codewords (514 message symbols, 30 parity).
std::vector<std::uint64_t> ethernet_kp4_stream(int codewords, std::uint64_t seed) {
  Rng rng(seed, RngPurpose::kLinkPayload, 1);
  std::vector<std::uint64_t> blocks;
  std::uint64_t bpos = 0;
  const std::uint64_t need = std::uint64_t(codewords) * Rs544::kK * Rs544::kSymbolBits;
  while (bpos < need) {
    put(blocks, bpos, 0b01, 2);  // control block: start of frame
    put(blocks, bpos, 0x78 | (rng.next_u64() << 8), 64);
    const int len = 64 + rng.next_u32() % 1455;
    for (int b = 0; b < len / 8; ++b) {
      put(blocks, bpos, 0b10, 2);
      put(blocks, bpos, rng.next_u64(), 64);
    }
    put(blocks, bpos, 0b01, 2);  // terminate + idles
    put(blocks, bpos, 0x87, 64);
  }
  Rs544 rs;
  std::vector<std::uint64_t> out(std::size_t(codewords) * Rs544::kCodewordWords);
  std::vector<std::uint16_t> sym(Rs544::kN);
  for (int c = 0; c < codewords; ++c) {
    for (int i = 0; i < Rs544::kK; ++i) {
      const std::uint64_t at = (std::uint64_t(c) * Rs544::kK + i) * Rs544::kSymbolBits;
      std::uint16_t v = 0;
      for (int b = 0; b < Rs544::kSymbolBits; ++b)
        v |= std::uint16_t(((blocks[(at + b) / 64] >> ((at + b) % 64)) & 1u) << b);
      sym[i] = v;
    }
    rs.encode(sym);
    pack_symbols(sym, std::span(out).subspan(std::size_t(c) * Rs544::kCodewordWords));
  }
  return out;
}

// A PCIe-6-like flit stream: 256-byte flits (sequence number, payload, a checksum word).
std::vector<std::uint64_t> pcie_flit_stream(int flits, std::uint64_t seed) {
  Rng rng(seed, RngPurpose::kLinkPayload, 2);
  std::vector<std::uint64_t> out;
  for (int f = 0; f < flits; ++f) {
    std::uint64_t sum = 0;
    out.push_back(0xF117000000000000ull | std::uint64_t(f));
    for (int w = 1; w < 31; ++w) {
      out.push_back(rng.next_u64());
      sum = (sum ^ out.back()) * 0x100000001B3ull;
    }
    out.push_back(sum);
  }
  return out;
}

TEST(Acceptance, ProtocolAgnostic) {
  for (Striping s : {Striping::kBit, Striping::kWord}) {
    LinkSpec spec = preset("800g");
    spec.link.striping = s;
    FaultPlan plan;
    plan.background_ber = 1e-6;
    // A channel dies mid-stream, after link-up: masked, then swapped.
    plan.failures.push_back({123, spec.link.training_periods * period_s(spec) + 3e-5});
    Rng rng(11, RngPurpose::kLinkPayload, 0);
    std::vector<std::uint64_t> random_bits(500000);
    for (auto& w : random_bits) w = rng.next_u64();
    const auto& random = random_bits;
    const auto eth = ethernet_kp4_stream(6000, 12);
    const auto pcie = pcie_flit_stream(15000, 13);
    for (const auto* stream : {&random, &eth, &pcie}) {
      RelayResult r;
      EXPECT_EQ(relay_words(spec, *stream, plan, &r), *stream) << "striping " << int(s);
      EXPECT_TRUE(r.bit_exact);
    }
    // The Ethernet stream still decodes as clean KP4 codewords after the relay.
    const auto out = relay_words(spec, eth, plan);
    Rs544 rs;
    std::vector<std::uint16_t> sym(Rs544::kN);
    for (int c = 0; c < 6000; c += 97) {
      unpack_symbols(std::span(out).subspan(std::size_t(c) * Rs544::kCodewordWords), sym);
      EXPECT_EQ(rs.decode(sym), 0);
    }
  }
}

TEST(Acceptance, PermutedSkewedChannelsWithFailure) {
  LinkSpec spec = preset("1.6t");  // two SECDED groups
  spec.link.max_skew_ui = 500;
  RelayOptions opt;
  opt.host_bits = 2'000'000'000;
  opt.faults.permute = true;
  Rng rng(21, RngPurpose::kSkew, 0);
  for (int c = 0; c < spec.total_channels(); ++c)
    opt.faults.skew_ui.push_back(rng.next_u32() % 501);
  const double t0 = spec.link.training_periods * period_s(spec);  // failures after link-up
  opt.faults.skew_steps.push_back({77, t0 + 2e-5, 20});           // a skew step mid-run, re-locked
  opt.faults.failures.push_back({5, t0 + 4e-5});
  opt.faults.failures.push_back({6, t0 + 4e-5});  // two at once, one per group
  opt.faults.background_ber = 1e-6;
  const auto r = run_relay(spec, opt);
  EXPECT_TRUE(r.bit_exact);
  EXPECT_EQ(r.fec.uncorrectable, 0u);
  EXPECT_EQ(r.swaps.size(), 2u);
  EXPECT_EQ(r.link_state, LinkState::kUp);
}

TEST(Acceptance, MoreFailuresThanSparesNeverSilent) {
  for (int failures : {3, 8}) {
    LinkSpec spec = preset("800g");
    spec.array.spare_channels = 2;
    RelayOptions opt;
    opt.host_bits = 300'000'000;
    opt.faults.background_ber = 1e-6;
    const double t0 = spec.link.training_periods * period_s(spec);
    for (int i = 0; i < failures; ++i)
      opt.faults.failures.push_back({10 + 37 * i, t0 + 2e-5 * (i + 1)});
    const auto r = run_relay(spec, opt);
    EXPECT_EQ(r.fec.silent, 0u);
    EXPECT_EQ(r.fec.miscorrected, 0u);
    EXPECT_EQ(r.fec.clean + r.fec.corrected + r.fec.uncorrectable, r.fec.codewords);
    EXPECT_FALSE(r.silent_corruption);
    EXPECT_EQ(r.swaps.size(), 2u);
    EXPECT_TRUE(r.state_reasons & kReasonNoSpare);
    if (failures == 3) {
      EXPECT_EQ(r.link_state, LinkState::kDegraded);  // one dead channel masked by the ECC
      EXPECT_TRUE(r.bit_exact);
    } else {
      // Six lanes erased for good: more than distance 4 guarantees, so the link flags those
      // periods (the decoder still resolves independent erasures, so the data is mostly right).
      EXPECT_NE(r.link_state, LinkState::kUp);
      EXPECT_GT(r.flagged_rows, 0u);
    }
    EXPECT_FALSE(r.spares_exhausted.empty());
  }
}

// The acceptance run: 10^10 host bits, as many channel failures as spares at random times, BER
// 1e-6 on every channel. Three failing lanes are erased at once in some periods (the default seed
// has them), so this exercises the decoder beyond 3 erasures. About 4 s in a release build.
TEST(SlowAcceptance, TenGigabitsWithSpareFailures) {
  LinkSpec spec = preset("800g");
  RelayOptions opt;
  opt.host_bits = 10'000'000'000ull;
  opt.faults.background_ber = 1e-6;
  opt.random_deaths = spec.array.spare_channels;  // in service, as `relay --fail-random`
  const auto r = run_relay(spec, opt);
  EXPECT_TRUE(r.bit_exact);
  EXPECT_EQ(r.bit_errors, 0u);
  EXPECT_EQ(r.ecc_uncorrectable_bit_times, 0u);
  EXPECT_EQ(r.flagged_rows, 0u);
  EXPECT_EQ(r.fec.uncorrectable, 0u);
  EXPECT_EQ(r.fec.miscorrected, 0u);
  EXPECT_EQ(r.fec.clean, r.fec.codewords);
  EXPECT_FALSE(r.silent_corruption);
  EXPECT_TRUE(r.spares_exhausted.empty());
  EXPECT_GE(r.bits_out, opt.host_bits);
  EXPECT_EQ(r.swaps.size(), 50u);
  RecordProperty("wall_s", std::to_string(r.wall_s));
  std::printf("1e10-bit run: %zu swaps, %llu ECC-corrected bits, %.1f s\n", r.swaps.size(),
              static_cast<unsigned long long>(r.ecc_corrected_bits), r.wall_s);
}

}  // namespace
}  // namespace mosaic::link

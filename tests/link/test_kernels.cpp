#include <gtest/gtest.h>

#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/link/channel_ecc.hpp"
#include "mosaic/link/gearbox.hpp"
#include "mosaic/link/kernels.hpp"
#include "mosaic/link/lane_map.hpp"
#include "mosaic/link/marker.hpp"

namespace mosaic::link {
namespace {

TEST(Kernels, TransposeMatchesReference) {
  Rng rng(7, RngPurpose::kLinkPayload, 0);
  for (int trial = 0; trial < 20; ++trial) {
    std::uint64_t a[64], b[64];
    for (int i = 0; i < 64; ++i) a[i] = b[i] = rng.next_u64();
    transpose64(a);
    transpose64_reference(b);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(a[i], b[i]);
    transpose64(a);
    transpose64_reference(b);  // involution
    for (int i = 0; i < 64; ++i) ASSERT_EQ(a[i], b[i]);
  }
}

TEST(Kernels, TransposeBlocksMatchReference) {
  // The dispatched multi-block transpose on the fastest instruction set of this CPU (and the
  // portable one), against the reference.
  Rng rng(9, RngPurpose::kLinkPayload, 0);
  for (KernelIsa isa : {KernelIsa::kPortable, best_kernel_isa()}) {
    std::vector<std::uint64_t> a(5 * 64), b;
    for (auto& w : a) w = rng.next_u64();
    b = a;
    transpose64_blocks(a.data(), 5, isa);
    for (int blk = 0; blk < 5; ++blk) transpose64_reference(b.data() + 64 * blk);
    EXPECT_EQ(a, b) << "isa " << int(isa);
  }
}

TEST(Kernels, HammingFoldMatchesReference) {
  Rng rng(8, RngPurpose::kLinkPayload, 1);
  for (int r = 1; r <= 10; ++r) {
    std::vector<std::uint64_t> slots(std::size_t{1} << r), scratch(slots.size() / 2);
    for (auto& w : slots) w = rng.next_u64();
    std::uint64_t s1[16], s2[16];
    EXPECT_EQ(hamming_fold(slots.data(), r, s1, scratch.data()),
              hamming_fold_reference(slots.data(), r, s2));
    for (int i = 0; i < r; ++i) EXPECT_EQ(s1[i], s2[i]);
  }
}

// The vectorised training pattern is the scalar one word for word, for counts that leave partial
// vectors, channels and periods up to the field widths the hash mixes, and any first word.
TEST(Kernels, TrainingWordsAreTheScalarPattern) {
  for (const int channel : {0, 1, 459, 4095})
    for (const std::int64_t period : {std::int64_t{0}, std::int64_t{33}, std::int64_t{1} << 27})
      for (const std::size_t count : {1u, 7u, 8u, 9u, 255u, 1023u}) {
        std::vector<std::uint64_t> out(count + 1, 0xABCDu);
        training_words(channel, period, 3, count, out.data());
        for (std::size_t i = 0; i < count; ++i)
          ASSERT_EQ(out[i], training_word(channel, period, 3 + int(i)))
              << channel << " " << period << " " << count << " " << i;
        EXPECT_EQ(out[count], 0xABCDu);  // nothing written past the count
      }
}

TEST(Marker, PackUnpackRoundTrip) {
  AlignmentMarker m{417, 4095, 0x123, 0xBEEF};
  const auto u = AlignmentMarker::unpack(m.pack());
  ASSERT_TRUE(u);
  EXPECT_EQ(u->channel, 417);
  EXPECT_EQ(u->sequence, 4095);
  EXPECT_EQ(u->management, 0x123);
  EXPECT_EQ(u->bip, 0xBEEF);
  EXPECT_FALSE(AlignmentMarker::unpack(m.pack() ^ 1));
}

LinkConfig config(int data, int ecc, Striping striping) {
  LinkSpec spec;
  spec.array.data_channels = data;
  spec.array.ecc_channels = ecc;
  spec.array.spare_channels = 4;
  spec.link.striping = striping;
  return LinkConfig::from_spec(spec);
}

TEST(LinkConfig, GroupsFollowEccChannels) {
  EXPECT_EQ(config(400, 10, Striping::kBit).groups, 1);
  EXPECT_EQ(config(400, 10, Striping::kBit).check_bits, 9);
  EXPECT_EQ(config(800, 20, Striping::kBit).groups, 2);
  EXPECT_EQ(config(800, 20, Striping::kBit).check_bits, 9);
  EXPECT_EQ(config(100, 0, Striping::kBit).groups, 1);
  EXPECT_FALSE(config(100, 0, Striping::kBit).has_ecc());
}

class GearboxRoundTrip : public ::testing::TestWithParam<std::tuple<int, Striping>> {};

TEST_P(GearboxRoundTrip, StripeThenDestripeIsIdentity) {
  const auto [data, striping] = GetParam();
  LinkSpec spec;
  spec.array.data_channels = data;
  spec.array.ecc_channels = 0;
  spec.link.striping = striping;
  spec.link.marker_period_bits = 1024;
  const auto cfg = LinkConfig::from_spec(spec);
  Gearbox gb(cfg);
  std::vector<std::uint64_t> host(cfg.host_words_per_period()), back(host.size());
  std::vector<std::uint64_t> frame(std::size_t(cfg.payload_words()) * cfg.row_slots());
  Rng rng(3, RngPurpose::kLinkPayload, data);
  for (auto& w : host) w = rng.next_u64();
  gb.stripe(host, frame);
  gb.destripe(frame, back);
  EXPECT_EQ(host, back);
  if (striping == Striping::kBit) {
    // Host bit i rides on lane i mod D at bit time i / D.
    for (std::int64_t bit : {std::int64_t{0}, std::int64_t{1}, std::int64_t{data} + 3,
                             std::int64_t{cfg.host_bits_per_period() - 1}}) {
      const int lane = int(bit % data);
      const std::int64_t t = bit / data;
      const auto v = (frame[(t / 64) * cfg.row_slots() + cfg.data_slot[lane]] >> (t % 64)) & 1;
      EXPECT_EQ(v, (host[bit / 64] >> (bit % 64)) & 1);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Widths, GearboxRoundTrip,
                         ::testing::Combine(::testing::Values(1, 7, 64, 100, 400, 401),
                                            ::testing::Values(Striping::kBit, Striping::kWord)));

TEST(ChannelEcc, CorrectsAnySingleChannelAndFlagsDoubles) {
  const auto cfg = config(400, 10, Striping::kBit);
  ChannelEcc ecc(cfg);
  const int rows = 4;
  std::vector<std::uint64_t> frame(std::size_t(rows) * cfg.row_slots(), 0);
  Rng rng(4, RngPurpose::kLinkPayload, 0);
  for (int k = 0; k < rows; ++k)
    for (int s : cfg.data_slot) frame[k * cfg.row_slots() + s] = rng.next_u64();
  ecc.encode(frame, rows);
  const auto clean = frame;
  std::vector<std::uint16_t> cand(cfg.row_slots(), 0);
  std::vector<std::uint32_t> per(cfg.row_slots(), 0);
  for (int s : cfg.active_slots) {
    auto f = clean;
    for (int k = 0; k < rows; ++k) f[k * cfg.row_slots() + s] = ~f[k * cfg.row_slots() + s];
    EccDecodeStats st;
    ecc.decode(f, rows, cand, per, st);
    ASSERT_EQ(f, clean) << "slot " << s;
    EXPECT_EQ(st.corrected_bits, 64u * rows);
    EXPECT_EQ(per[s], 64u * rows);
    per[s] = 0;
  }
  // Two channels in the same bit: detected, not corrected, unless both are suspects.
  auto f = clean;
  const int a = cfg.data_slot[5], b = cfg.data_slot[300];
  f[a] ^= 1;
  f[b] ^= 1;
  EccDecodeStats st;
  auto g = f;
  ecc.decode(g, rows, cand, per, st);
  EXPECT_EQ(st.uncorrectable_bit_times, 1u);
  ASSERT_EQ(st.uncorrectable_rows.size(), 1u);
  cand[a] = 0xFFFF;  // a known failing channel
  cand[b] = 1;       // BIP lane 0 of b disagreed
  EccDecodeStats st2;
  ecc.decode(f, rows, cand, per, st2);
  EXPECT_EQ(st2.uncorrectable_bit_times, 0u);
  EXPECT_EQ(f, clean);
}

// Three erased lanes plus one BIP-located error is four erasures: beyond the "any <= 3" guarantee
// of distance 4, but solvable whenever the four columns are independent (the acceptance run has
// such bit times while three failing channels wait for spares).
TEST(ChannelEcc, ThreeErasedLanesPlusALocatedError) {
  const auto cfg = config(400, 10, Striping::kBit);
  ChannelEcc ecc(cfg);
  const int rows = 8;
  const int rs = cfg.row_slots();
  std::vector<std::uint64_t> frame(std::size_t(rows) * rs, 0);
  Rng rng(5, RngPurpose::kLinkPayload, 0);
  for (int k = 0; k < rows; ++k)
    for (int s : cfg.data_slot) frame[k * rs + s] = rng.next_u64();
  ecc.encode(frame, rows);
  const auto clean = frame;
  const int e1 = cfg.data_slot[10], e2 = cfg.data_slot[200], e3 = 4;  // 4: a check lane
  const int x = cfg.data_slot[77], y = cfg.data_slot[300];
  std::vector<std::uint16_t> cand(rs, 0);
  cand[e1] = cand[e2] = cand[e3] = 0xFFFF;
  cand[x] = 1u << 3;  // x's BIP lane 3 disagreed
  cand[y] = 1u << 3;  // so did y's, at another bit time
  auto f = clean;
  for (int k = 0; k < rows; ++k)
    for (int s : {e1, e2, e3}) f[k * rs + s] = ~f[k * rs + s];  // every bit wrong
  f[2 * rs + x] ^= std::uint64_t{1} << 19;                      // bit time 19: lane 3
  f[5 * rs + y] ^= std::uint64_t{1} << 35;                      // bit time 35: lane 3
  std::vector<std::uint32_t> per(rs, 0);
  EccDecodeStats st;
  ecc.decode(f, rows, cand, per, st);
  EXPECT_EQ(st.uncorrectable_bit_times, 0u);
  EXPECT_EQ(f, clean);
  EXPECT_EQ(per[x], 1u);
  EXPECT_EQ(per[y], 1u);

  // Two erased lanes and an error its BIP missed (two errors cancelled in one lane): corrected
  // only where a single used slot explains it, otherwise flagged, never guessed.
  cand.assign(rs, 0);
  cand[e1] = cand[e2] = 0xFFFF;
  f = clean;
  for (int k = 0; k < rows; ++k)
    for (int s : {e1, e2}) f[k * rs + s] = 0;
  f[3 * rs + x] ^= std::uint64_t{1} << 7;
  const unsigned other = unsigned(x ^ e1 ^ e2);  // the other single-error explanation
  EccDecodeStats st3;
  ecc.decode(f, rows, cand, per, st3);
  if (cfg.slot_used[other]) {
    EXPECT_EQ(st3.uncorrectable_bit_times, 1u);
  } else {
    EXPECT_EQ(st3.uncorrectable_bit_times, 0u);
    EXPECT_EQ(f, clean);
  }
}

}  // namespace
}  // namespace mosaic::link

// Bit striping against a plain bit-by-bit reference: the row kernels on every instruction set this
// CPU has, and the Gearbox (slot mapping, last-row handling) over whole periods, for lane counts
// that are not multiples of 64 (tail blocks) nor of 8 (rows that do not start on a byte).
#include <gtest/gtest.h>

#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/link/gearbox.hpp"
#include "mosaic/link/kernels.hpp"

namespace mosaic::link {
namespace {

std::vector<KernelIsa> supported_isas() {
  std::vector<KernelIsa> out{KernelIsa::kPortable};
  if (kernel_isa_supported(KernelIsa::kAvx512)) out.push_back(KernelIsa::kAvx512);
  return out;
}

TEST(BitStriping, RowKernelsMatchReference) {
  Rng rng(12, RngPurpose::kLinkPayload, 0);
  std::vector<int> widths{1, 2, 7, 8, 63, 64, 65, 127, 128, 400, 410, 511, 512, 513, 820, 1031};
  for (KernelIsa isa : supported_isas()) {
    for (int lanes : widths) {
      // Stream with one readable word past the row (the kernel's contract), random like the rest.
      std::vector<std::uint64_t> stream(lanes + 1);
      for (auto& w : stream) w = rng.next_u64();
      std::vector<std::uint64_t> fast(bit_stripe_scratch_words(lanes)), ref(lanes);
      bit_stripe_row(stream.data(), lanes, fast.data(), isa);
      bit_stripe_row_reference(stream.data(), lanes, ref.data());
      ASSERT_EQ(std::vector<std::uint64_t>(fast.begin(), fast.begin() + lanes), ref)
          << "stripe, lanes " << lanes << ", isa " << int(isa);

      // Destripe random lane words (scratch past D random too: it must not leak); the stream
      // gets a guard word that must survive.
      std::vector<std::uint64_t> words(bit_stripe_scratch_words(lanes));
      for (auto& w : words) w = rng.next_u64();
      std::vector<std::uint64_t> expect(lanes);
      bit_destripe_row_reference(words.data(), lanes, expect.data());
      std::vector<std::uint64_t> out(lanes + 1, 0x5A5A5A5A5A5A5A5Aull);
      bit_destripe_row(words.data(), lanes, out.data(), isa);
      ASSERT_EQ(out.back(), 0x5A5A5A5A5A5A5A5Aull) << "wrote past the row, lanes " << lanes;
      out.pop_back();
      ASSERT_EQ(out, expect) << "destripe, lanes " << lanes << ", isa " << int(isa);
    }
  }
}

// Whole periods through the Gearbox, against the definition: host bit (k*64*D + j*D + d) rides
// on lane d (slot data_slot[d]) at bit time j of row k.
class GearboxBitStriping : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(GearboxBitStriping, MatchesScalarReference) {
  const auto [data, ecc] = GetParam();
  LinkSpec spec;
  spec.array.data_channels = data;
  spec.array.ecc_channels = ecc;
  spec.array.spare_channels = 2;
  spec.link.striping = Striping::kBit;
  spec.link.marker_period_bits = 640;  // 9 payload rows
  const auto cfg = LinkConfig::from_spec(spec);
  const int rows = cfg.payload_words();
  const int rs = cfg.row_slots();
  Rng rng(13, RngPurpose::kLinkPayload, std::uint64_t(data));
  std::vector<std::uint64_t> host(cfg.host_words_per_period());
  for (auto& w : host) w = rng.next_u64();

  std::vector<std::uint64_t> expect(std::size_t(rows) * rs, 0);
  for (int k = 0; k < rows; ++k) {
    for (int d = 0; d < data; ++d) {
      std::uint64_t w = 0;
      for (int j = 0; j < 64; ++j) {
        const std::int64_t bit = std::int64_t(k) * 64 * data + std::int64_t(j) * data + d;
        w |= ((host[bit >> 6] >> (bit & 63)) & 1u) << j;
      }
      expect[std::size_t(k) * rs + cfg.data_slot[d]] = w;
    }
  }
  Gearbox gb(cfg);
  std::vector<std::uint64_t> frame(expect.size(), 0);
  gb.stripe(host, frame);
  EXPECT_EQ(frame, expect);  // data slots as defined, every other slot untouched

  // Destripe a frame of random words (non-data slots random too: they must be ignored).
  for (auto& w : frame) w = rng.next_u64();
  std::vector<std::uint64_t> want(host.size(), 0), back(host.size(), 0);
  for (int k = 0; k < rows; ++k)
    for (int d = 0; d < data; ++d)
      for (int j = 0; j < 64; ++j) {
        const std::int64_t bit = std::int64_t(k) * 64 * data + std::int64_t(j) * data + d;
        want[bit >> 6] |= ((frame[std::size_t(k) * rs + cfg.data_slot[d]] >> j) & 1u) << (bit & 63);
      }
  gb.destripe(frame, back);
  EXPECT_EQ(back, want);
}

INSTANTIATE_TEST_SUITE_P(OddWidths, GearboxBitStriping,
                         ::testing::Values(std::tuple{1, 0}, std::tuple{63, 0}, std::tuple{400, 0},
                                           std::tuple{400, 10}, std::tuple{410, 0},
                                           std::tuple{410, 20}, std::tuple{820, 0},
                                           std::tuple{820, 24}));

}  // namespace
}  // namespace mosaic::link

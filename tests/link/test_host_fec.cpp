#include <gtest/gtest.h>

#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/link/host_fec.hpp"
#include "mosaic/link/relay.hpp"

namespace mosaic::link {
namespace {

std::vector<std::uint16_t> random_codeword(Rng& rng, const Rs544& rs) {
  std::vector<std::uint16_t> cw(Rs544::kN);
  for (int i = 0; i < Rs544::kK; ++i) cw[i] = rng.next_u32() & 0x3FF;
  rs.encode(cw);
  return cw;
}

TEST(Rs544, EncoderMatchesLibfec) {
  Rs544 rs;
  LibfecRs544 ref;
  Rng rng(1, RngPurpose::kLinkPayload, 0);
  for (int t = 0; t < 20; ++t) {
    auto a = random_codeword(rng, rs);
    auto b = a;
    ref.encode(b);
    EXPECT_EQ(a, b);
  }
}

TEST(Rs544, DecoderAgreesWithLibfec) {
  Rs544 rs;
  LibfecRs544 ref;
  Rng rng(2, RngPurpose::kLinkPayload, 0);
  int agree_fail = 0;
  for (int t = 0; t < 400; ++t) {
    const auto clean = random_codeword(rng, rs);
    auto a = clean;
    const int errors = t % 22;  // up to 21: beyond the 15 it corrects
    for (int e = 0; e < errors; ++e) a[rng.next_u32() % Rs544::kN] ^= 1 + rng.next_u32() % 1023;
    auto b = a;
    const int ra = rs.decode(a);
    const int rb = ref.decode(b);
    ASSERT_EQ(ra < 0, rb < 0) << "errors " << errors;  // libfec has several failure codes
    if (ra >= 0) {
      EXPECT_EQ(ra, rb);
      EXPECT_EQ(a, b);
      if (errors <= Rs544::kT) {
        EXPECT_EQ(a, clean);
      }
    } else {
      ++agree_fail;
    }
  }
  EXPECT_GT(agree_fail, 50);
}

TEST(Rs544, SymbolPackingRoundTrip) {
  Rng rng(3, RngPurpose::kLinkPayload, 0);
  std::vector<std::uint64_t> w(Rs544::kCodewordWords), back(w.size());
  for (auto& x : w) x = rng.next_u64();
  std::vector<std::uint16_t> sym(Rs544::kN);
  unpack_symbols(w, sym);
  pack_symbols(sym, back);
  EXPECT_EQ(w, back);
}

// Pipeline and analytic prediction of the host FEC outcome agree. Elevated BERs (and no ECC, or
// spare-less ECC at BERs where the ECC gives up) so that uncorrectable codewords are countable.
TEST(HostFec, PipelineAgreesWithAnalytic) {
  for (Striping s : {Striping::kBit, Striping::kWord}) {
    LinkSpec spec = preset("prototype");
    spec.link.striping = s;
    spec.link.training_periods = 4;  // time for every port to lock despite marker bit errors
    RelayOptions opt;
    opt.host_bits = 12'000'000;
    const int n = spec.total_channels();
    for (int c = 0; c < n; ++c) opt.faults.channel_ber.push_back(c % 2 ? 1.5e-3 : 2.5e-3);
    const auto r = run_relay(spec, opt);
    const double measured = r.fec.codeword_error_ratio;
    const double predicted = r.analytic.codeword_error_ratio;
    ASSERT_GT(r.fec.codewords, 2000u);
    ASSERT_GT(predicted, 0.01);
    // Binomial standard error of the measured ratio, 4 sigma plus a 10 % model allowance.
    const double se = std::sqrt(predicted * (1 - predicted) / r.fec.codewords);
    EXPECT_NEAR(measured, predicted, 4 * se + 0.1 * predicted) << "striping " << int(s);
    EXPECT_EQ(r.fec.silent, 0u);
    EXPECT_NEAR(r.fec.frame_loss_ratio, r.analytic.frame_loss_ratio,
                0.15 * r.analytic.frame_loss_ratio + 0.01);
  }
}

}  // namespace
}  // namespace mosaic::link

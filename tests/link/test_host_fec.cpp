#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/rng.hpp"
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

// Every kernel set: the syndromes and Chien search on AVX-512 and on AVX2 (where the CPU has
// them) and the portable scalar code.
class Rs544Kernels : public ::testing::TestWithParam<VectorLevel> {};
INSTANTIATE_TEST_SUITE_P(Rs544, Rs544Kernels,
                         ::testing::Values(VectorLevel::kAvx512, VectorLevel::kAvx2,
                                           VectorLevel::kBaseline),
                         [](const auto& info) { return std::string(to_string(info.param)); });

TEST_P(Rs544Kernels, DecoderAgreesWithLibfec) {
  if (static_cast<int>(GetParam()) > static_cast<int>(cpu_vector_level()))
    GTEST_SKIP() << "this CPU has no " << to_string(GetParam());
  Rs544 rs;
  rs.use_vector_level(GetParam());
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

// The relay judges sparse error patterns from syndromes of their non-zero symbols; the verdict
// must be the dense decoder's on the same pattern, for both host codes.
template <class Code>
void judge_matches_dense_decode() {
  Code rs;
  Rng rng(4, RngPurpose::kLinkPayload, Code::kN);
  int verdicts[4] = {};
  for (int t = 0; t < 600; ++t) {
    std::vector<std::uint16_t> pattern(Code::kN, 0);
    const int errors = t % (Code::kT + 6);
    for (int e = 0; e < errors; ++e)
      pattern[rng.next_u32() % Code::kN] ^= 1 + rng.next_u32() % 1023;
    std::vector<SymbolError> sparse;
    for (int i = 0; i < Code::kN; ++i)
      if (pattern[i]) sparse.push_back({i, pattern[i]});
    auto dense = pattern;
    const int r = rs.decode(dense);
    const bool zero = std::all_of(dense.begin(), dense.end(), [](auto v) { return v == 0; });
    const FecVerdict want = sparse.empty() ? FecVerdict::kClean
                            : r < 0        ? FecVerdict::kUncorrectable
                            : zero         ? FecVerdict::kCorrected
                                           : FecVerdict::kMiscorrected;
    ASSERT_EQ(rs.judge(sparse), want) << "pattern " << t << ", " << sparse.size() << " symbols";
    ++verdicts[int(want)];
  }
  EXPECT_GT(verdicts[int(FecVerdict::kCorrected)], 100);
  EXPECT_GT(verdicts[int(FecVerdict::kUncorrectable)], 50);
}

TEST(HostFec, JudgeMatchesDenseDecodeKp4) {
  judge_matches_dense_decode<Rs544>();
}
TEST(HostFec, JudgeMatchesDenseDecodeKr4) {
  judge_matches_dense_decode<Rs528>();
}

// RS(528, 514) ends in a partial block of the vector Chien search (528 = 16.5 x 32): the vector
// and scalar decoders agree on every pattern, within t and beyond it.
void kr4_vector_and_scalar_agree(const Rs528& vector, const Rs528& scalar) {
  Rng rng(8, RngPurpose::kLinkPayload, 0);
  for (int t = 0; t < 300; ++t) {
    std::vector<std::uint16_t> cw(Rs528::kN);
    for (int i = 0; i < Rs528::kK; ++i) cw[i] = rng.next_u32() & 0x3FF;
    vector.encode(cw);
    const int errors = t % 12;
    // Half the patterns hit the last 16 positions, the partial block's lanes.
    for (int e = 0; e < errors; ++e)
      cw[t % 2 ? Rs528::kN - 1 - rng.next_u32() % 16 : rng.next_u32() % Rs528::kN] ^=
          1 + rng.next_u32() % 1023;
    auto a = cw, b = cw;
    EXPECT_EQ(vector.decode(a), scalar.decode(b)) << t;
    EXPECT_EQ(a, b) << t;
  }
}

TEST(HostFec, Kr4VectorAndScalarDecodersAgree) {
  if (cpu_vector_level() == VectorLevel::kBaseline) GTEST_SKIP() << "no AVX2: scalar only";
  for (int level = 1; level <= static_cast<int>(cpu_vector_level()); ++level) {
    SCOPED_TRACE(to_string(static_cast<VectorLevel>(level)));
    Rs528 vector, scalar;
    vector.use_vector_level(static_cast<VectorLevel>(level));
    scalar.use_vector_kernels(false);
    kr4_vector_and_scalar_agree(vector, scalar);
  }
}

TEST(HostFec, VectorLevelAboveTheCpuIsRefused) {
  if (cpu_vector_level() == VectorLevel::kAvx512) GTEST_SKIP() << "the CPU runs every level";
  Rs544 rs;
  EXPECT_THROW(rs.use_vector_level(VectorLevel::kAvx512), std::invalid_argument);
}

TEST(HostFec, Kr4CorrectsSevenSymbols) {
  Rs528 rs;
  Rng rng(6, RngPurpose::kLinkPayload, 0);
  std::vector<std::uint16_t> cw(Rs528::kN);
  for (int i = 0; i < Rs528::kK; ++i) cw[i] = rng.next_u32() & 0x3FF;
  rs.encode(cw);
  auto bad = cw;
  for (int e = 0; e < Rs528::kT; ++e) bad[e * 70] ^= 1 + e;
  EXPECT_EQ(rs.decode(bad), Rs528::kT);
  EXPECT_EQ(bad, cw);
  for (int e = 0; e <= Rs528::kT; ++e) bad[e * 60 + 1] ^= 5;
  EXPECT_NE(rs.decode(bad), Rs528::kT + 1);  // t + 1 errors: never "corrected" to the original
}

// Pipeline and analytic prediction of the host FEC outcome agree, for each host code through the
// link.host_fec seam. Elevated BERs and no ECC so that uncorrectable codewords are countable.
TEST(HostFec, PipelineAgreesWithAnalytic) {
  for (HostFecCode code : {HostFecCode::kKp4, HostFecCode::kKr4}) {
    for (Striping s : {Striping::kBit, Striping::kWord}) {
      LinkSpec spec = preset("prototype");
      spec.link.striping = s;
      spec.link.host_fec = code;
      spec.link.training_periods = 4;
      spec.link.mapout_ber = 0.01;  // these channels are deliberately beyond the KP4 limit
      RelayOptions opt;
      opt.host_bits = 12'000'000;
      const int n = spec.total_channels();
      const bool kp4 = code == HostFecCode::kKp4;
      for (int c = 0; c < n; ++c)
        opt.faults.channel_ber.push_back(kp4 ? (c % 2 ? 1.5e-3 : 2.5e-3) : (c % 2 ? 5e-4 : 8e-4));
      const auto r = run_relay(spec, opt);
      EXPECT_EQ(r.host_fec, kp4 ? "kp4" : "kr4");
      const double measured = r.fec.codeword_error_ratio;
      const double predicted = r.analytic.codeword_error_ratio;
      ASSERT_GT(r.fec.codewords, 2000u);
      ASSERT_GT(predicted, 0.01);
      // Binomial standard error of the measured ratio, 4 sigma plus a 10 % model allowance.
      const double se = std::sqrt(predicted * (1 - predicted) / r.fec.codewords);
      EXPECT_NEAR(measured, predicted, 4 * se + 0.1 * predicted)
          << r.host_fec << " striping " << int(s);
      EXPECT_EQ(r.fec.silent, 0u);
      EXPECT_NEAR(r.frame_loss_ratio, r.analytic.frame_loss_ratio,
                  0.15 * r.analytic.frame_loss_ratio + 0.01);
    }
  }
}

}  // namespace
}  // namespace mosaic::link

// Monte Carlo stimulus and bit history: the random stream against core::Rng word by word, the
// PRBS against a scalar register and its period, reset, and the history's shift.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/bit_history.hpp"
#include "mosaic/phy/mc/stimulus.hpp"

namespace mosaic::phy::mc {
namespace {

constexpr std::size_t kSegment = std::size_t{kSegmentBits} * kLanes;

std::vector<float> segments(Stimulus& s, int count) {
  std::vector<float> out(kSegment * count);
  for (int u = 0; u < count; ++u) s.process(std::span<float>(out).subspan(u * kSegment, kSegment));
  return out;
}

TEST(McStimulus, RandomBitsAreTheKeyedRngWords) {
  const auto s = make_stimulus(DataPattern::kRandom, 42, 7);
  const std::vector<float> bits = segments(*s, 3);
  double ones = 0.0;
  for (int u = 0; u < 3; ++u)
    for (int l = 0; l < kLanes; ++l) {
      Rng rng(42, RngPurpose::kMcData, 7, std::uint64_t(u) * kLanes + l);
      std::uint32_t w = 0;
      for (int k = 0; k < kSegmentBits; ++k) {
        if (k % 32 == 0) w = rng.next_u32();
        ASSERT_EQ(bits[u * kSegment + k * kLanes + l], float((w >> (k % 32)) & 1u));
        ones += bits[u * kSegment + k * kLanes + l];
      }
    }
  EXPECT_NEAR(ones / (3.0 * kSegment), 0.5, 5.0 * 0.5 / std::sqrt(3.0 * kSegment));
  s->reset();
  EXPECT_EQ(segments(*s, 3), bits);
}

// x^7 + x^6 + 1: period 127, 64 ones per period, the register's own recursion.
TEST(McStimulus, Prbs7HasItsPeriodAndRecursion) {
  const auto s = make_stimulus(DataPattern::kPrbs7, 3, 11);
  const std::vector<float> bits = segments(*s, 5);  // 320 bits per lane
  for (int l = 0; l < kLanes; ++l) {
    std::vector<int> b;
    for (int k = 0; k < 5 * kSegmentBits; ++k) b.push_back(int(bits[k * kLanes + l]));
    for (std::size_t k = 7; k < b.size(); ++k) ASSERT_EQ(b[k], b[k - 7] ^ b[k - 6]) << k;
    for (std::size_t k = 127; k < b.size(); ++k) ASSERT_EQ(b[k], b[k - 127]);
    int ones = 0;
    for (int k = 0; k < 127; ++k) ones += b[k];
    EXPECT_EQ(ones, 64);
  }
  // Each lane runs from its own seeded state.
  int differ = 0;
  for (int k = 0; k < kSegmentBits; ++k) differ += bits[k * kLanes] != bits[k * kLanes + 1];
  EXPECT_GT(differ, 0);
  s->reset();
  EXPECT_EQ(segments(*s, 5), bits);
}

TEST(McStimulus, Prbs31FollowsItsRecursion) {
  const auto s = make_stimulus(DataPattern::kPrbs31, 3, 11);
  const std::vector<float> bits = segments(*s, 2);
  for (int l = 0; l < kLanes; ++l)
    for (int k = 31; k < 2 * kSegmentBits; ++k)
      ASSERT_EQ(int(bits[k * kLanes + l]),
                int(bits[(k - 31) * kLanes + l]) ^ int(bits[(k - 28) * kLanes + l]));
}

TEST(McBitHistory, KeepsTheNewestRowsAcrossSegments) {
  BitHistory h(5);
  EXPECT_EQ(h.rows().size(), (5u + kSegmentBits) * kLanes);
  std::span<float> first = h.advance();
  for (std::size_t i = 0; i < first.size(); ++i) first[i] = float(i);
  for (float v : std::span<const float>(h.rows()).first(5 * kLanes)) EXPECT_EQ(v, 0.0f);
  h.advance();
  // Row -r of the new segment is row kSegmentBits - r of the last one.
  for (int r = 1; r <= 5; ++r)
    for (int l = 0; l < kLanes; ++l)
      EXPECT_EQ(h.segment_start()[-r * kLanes + l], float((kSegmentBits - r) * kLanes + l));
  h.reset();
  for (float v : h.rows()) EXPECT_EQ(v, 0.0f);
}

}  // namespace
}  // namespace mosaic::phy::mc

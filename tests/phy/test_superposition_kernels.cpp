// The symbol-rate decision kernel: the vectorised sums, at every instruction-set level the CPU
// runs, decide every bit as the one-lane-at-a-time reference does, over random taps, bits, jitter
// wide and narrow (the clamp included), several sources, segments where the latest lags are not
// sent yet, and taps whose zero lags the vector kernels skip, in both orders of the sum (straight
// on, and in chunks). The pattern table (a source alone), the chunk table (a source with
// neighbours) and the crosstalk screen decide every bit as the reference too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <stdexcept>
#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/chunk_pattern_table.hpp"
#include "mosaic/phy/mc/crosstalk_screen.hpp"
#include "mosaic/phy/mc/pattern_superposition.hpp"
#include "mosaic/phy/mc/superposition_kernels.hpp"

namespace mosaic::phy::mc {
namespace {

struct Case {
  int positions = 0;
  std::vector<std::vector<double>> taps;
  std::vector<std::vector<float>> bits;
  std::vector<std::vector<int>> from, to;
  std::vector<SuperpositionSource> sources;
  std::vector<float> jitter, noise;
  SuperpositionInput in;
};

// With `ranges`, each position's leading and trailing lags zero (as a pulse's precursors and
// tail leave them, differently at each position, sometimes all of them) and the sources carry
// their nonzero lag ranges, which the vector kernels skip outside.
Case random_case(Rng& rng, int os, double jitter_rms, int n_sources, long first_bit, bool ranges) {
  Case c;
  c.positions = 2 * os + 2;
  const int history = 40;
  for (int s = 0; s < n_sources; ++s) {
    const int lags = 1 + static_cast<int>(rng.uniform() * 20);
    const int first_lag = -static_cast<int>(rng.uniform() * 4);
    std::vector<double> t(static_cast<std::size_t>(c.positions) * lags);
    // Some taps exactly zero, as the floor leaves them; the rest of either sign.
    for (double& v : t) v = rng.uniform() < 0.1 ? 0.0 : (rng.uniform() - 0.3) * 1e-5;
    std::vector<int> from(c.positions, 0), to(c.positions, lags);
    if (ranges) {
      for (int p = 0; p < c.positions; ++p) {
        const int lead = static_cast<int>(rng.uniform() * (lags + 1));
        const int tail = static_cast<int>(rng.uniform() * (lags + 1));
        for (int m = 0; m < lags; ++m) {
          if (m < lead || m >= lags - tail) t[static_cast<std::size_t>(p) * lags + m] = 0.0;
        }
      }
      nonzero_lag_ranges(t.data(), c.positions, lags, from.data(), to.data());
      for (int p = 0; p < c.positions; ++p) {
        // The ranges are tight: their ends are nonzero, everything outside is zero.
        for (int m = 0; m < lags; ++m) {
          if (m < from[p] || m >= to[p]) {
            EXPECT_EQ(t[static_cast<std::size_t>(p) * lags + m], 0.0);
          }
        }
        if (from[p] < to[p]) {
          EXPECT_NE(t[static_cast<std::size_t>(p) * lags + from[p]], 0.0);
          EXPECT_NE(t[static_cast<std::size_t>(p) * lags + to[p] - 1], 0.0);
        }
      }
    }
    c.from.push_back(std::move(from));
    c.to.push_back(std::move(to));
    std::vector<float> b(static_cast<std::size_t>(history + kSegmentBits) * kLanes);
    for (float& v : b) v = rng.uniform() < 0.5 ? 1.0f : 0.0f;
    c.taps.push_back(std::move(t));
    c.bits.push_back(std::move(b));
    c.sources.push_back({nullptr, first_lag, lags, nullptr});
  }
  for (int s = 0; s < n_sources; ++s) {
    c.sources[s].taps = c.taps[s].data();
    c.sources[s].bits = c.bits[s].data() + static_cast<std::size_t>(history) * kLanes;
    if (ranges) {
      c.sources[s].lag_from = c.from[s].data();
      c.sources[s].lag_to = c.to[s].data();
    }
  }
  c.jitter.resize(static_cast<std::size_t>(kSegmentBits) * kLanes);
  c.noise.resize(c.jitter.size());
  for (float& v : c.jitter) v = static_cast<float>(rng.normal());
  for (float& v : c.noise) v = static_cast<float>(rng.normal());
  SuperpositionInput& in = c.in;
  in.sources = c.sources.data();
  in.n_sources = n_sources;
  in.jitter = c.jitter.data();
  in.noise = c.noise.data();
  in.first_bit = first_bit;
  const double decision = os * (0.3 + 0.4 * rng.uniform());
  in.first_position = static_cast<int>(std::floor(decision)) - os;
  in.decision_samples = decision;
  in.jitter_rms_samples = jitter_rms;
  in.jitter_limit_samples = os - 1;
  in.base_a = 2e-6 * rng.uniform();
  in.thermal_var_a2 = std::pow(1e-6 * (0.2 + rng.uniform()), 2);
  in.shot_a2_per_a = 3.2e-19 * 5e9;
  // About the mean level at the nominal instant: decisions both ways.
  double mean = in.base_a;
  const int centre = static_cast<int>(std::floor(decision)) - in.first_position;
  for (const SuperpositionSource& s : c.sources)
    for (int m = 0; m < s.lags; ++m) mean += 0.5 * s.taps[centre * s.lags + m];
  in.threshold_a = mean + 1e-6 * (rng.uniform() - 0.5);
  return c;
}

// A victim and one to eight neighbours in the chunked order, 4 to 32 samples per UI, jitter from
// none to clamped, and once in a while a victim without lags, whose base the first neighbour's
// chunk is added to.
Case neighbours_case(Rng& rng, int trial) {
  const int os = 4 << (trial % 4);
  const double jitter = trial % 5 == 0 ? 0.0 : os * std::pow(10.0, -2.0 + 2.3 * rng.uniform());
  Case c = random_case(rng, os, jitter, 2 + trial % 8, -3 + trial % 5, (trial / 4) % 2 == 1);
  if (trial % 23 == 0) c.sources[0].lags = 0;
  c.in.chunk_lags = ChunkPatternTable::kChunkLags;
  return c;
}

testing::AssertionResult same_decisions(const std::vector<float>& fast,
                                        const std::vector<float>& slow, int level, int trial) {
  for (std::size_t i = 0; i < fast.size(); ++i)
    if (fast[i] != slow[i])
      return testing::AssertionFailure()
             << to_string(static_cast<VectorLevel>(level)) << " trial " << trial << " bit "
             << i / kLanes << " lane " << i % kLanes << ": " << fast[i] << " vs " << slow[i];
  return testing::AssertionSuccess();
}

void count_ones(const std::vector<float>& decisions, long& decided, long& ones) {
  for (const float b : decisions) {
    ++decided;
    ones += b == 1.0f;
  }
}

TEST(SuperpositionKernels, VectorisedDecidesEveryBitAsTheReference) {
  Rng rng(11, RngPurpose::kSweepSample, 5);
  long decided = 0, ones = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int os = 4 << (trial % 4);  // 4 to 32 samples per UI
    // From no jitter to jitter clamped at +-(os - 1) samples on many draws.
    const double jitter = trial % 5 == 0 ? 0.0 : os * std::pow(10.0, -2.0 + 2.3 * rng.uniform());
    const int n_sources = 1 + trial % 9;
    const long first_bit = -3 + trial % 5;
    Case c = random_case(rng, os, jitter, n_sources, first_bit, (trial / 4) % 2 == 1);
    // Straight on, in the table's chunks, and in chunks of one lag and of more lags than any
    // source has.
    const int chunkings[] = {0, ChunkPatternTable::kChunkLags, 1, 25};
    c.in.chunk_lags = chunkings[(trial / 8) % 4];
    std::vector<float> slow(static_cast<std::size_t>(kSegmentBits) * kLanes, -2.0f);
    superpose_lanes_reference(c.in, slow.data());
    for (int level = 0; level <= static_cast<int>(cpu_vector_level()); ++level) {
      std::vector<float> fast(slow.size(), -1.0f);
      superpose_lanes_at(static_cast<VectorLevel>(level), c.in, fast.data());
      ASSERT_TRUE(same_decisions(fast, slow, level, trial));
    }
    count_ones(slow, decided, ones);
  }
  // Both decisions occur often: the comparison is not between two constant outputs.
  EXPECT_GT(ones, decided / 10);
  EXPECT_LT(ones, decided * 9 / 10);
}

TEST(SuperpositionKernels, PatternTableDecidesEveryBitAsTheReference) {
  Rng rng(12, RngPurpose::kSweepSample, 6);
  int tables = 0;
  long decided = 0, ones = 0;
  std::vector<int> lags_seen(PatternTable::kMaxLags + 1, 0);
  for (int trial = 0; trial < 400; ++trial) {
    const int os = 4 << (trial % 4);
    const double jitter = trial % 5 == 0 ? 0.0 : os * std::pow(10.0, -2.0 + 2.3 * rng.uniform());
    const long first_bit = -3 + trial % 5;
    Case c = random_case(rng, os, jitter, 1, first_bit, (trial / 4) % 2 == 1);
    const SuperpositionSource& src = c.sources[0];
    if (src.lags > PatternTable::kMaxLags) continue;
    ++tables;
    ++lags_seen[src.lags];
    std::vector<float> slow(static_cast<std::size_t>(kSegmentBits) * kLanes, -2.0f);
    superpose_lanes_reference(c.in, slow.data());
    PatternTable table(src.taps, c.positions, src.lags, c.in.base_a);
    // Every level through one table: the later ones read the rows the first one built.
    for (int level = 0; level <= static_cast<int>(cpu_vector_level()); ++level) {
      std::vector<float> fast(slow.size(), -1.0f);
      superpose_by_pattern_at(static_cast<VectorLevel>(level), c.in, table, fast.data());
      ASSERT_TRUE(same_decisions(fast, slow, level, trial));
    }
    count_ones(slow, decided, ones);
  }
  EXPECT_GT(tables, 200);
  // Short and long patterns, up to the most a table takes.
  EXPECT_GT(lags_seen[1], 0);
  EXPECT_GT(lags_seen[PatternTable::kMaxLags], 0);
  EXPECT_GT(ones, decided / 10);
  EXPECT_LT(ones, decided * 9 / 10);
}

// The two orders of the sum are different roundings of the same sum: a chunked decision differs
// from a straight one only where the level lies within a few ulps of the threshold.
TEST(SuperpositionKernels, ChunkedAndStraightSumsDecideAlikeButForTies) {
  Rng rng(14, RngPurpose::kSweepSample, 8);
  long decided = 0, differ = 0;
  for (int trial = 0; trial < 100; ++trial) {
    Case c = random_case(rng, 16, 4.0, 2 + trial % 8, 0, trial % 2 == 1);
    std::vector<float> straight(static_cast<std::size_t>(kSegmentBits) * kLanes);
    std::vector<float> chunked(straight.size());
    superpose_lanes_reference(c.in, straight.data());
    c.in.chunk_lags = ChunkPatternTable::kChunkLags;
    superpose_lanes_reference(c.in, chunked.data());
    for (std::size_t i = 0; i < straight.size(); ++i) {
      ++decided;
      differ += straight[i] != chunked[i];
    }
  }
  EXPECT_LE(differ, decided / 100000);
}

TEST(SuperpositionKernels, ChunkTableDecidesEveryBitAsTheReference) {
  Rng rng(13, RngPurpose::kSweepSample, 7);
  long decided = 0, ones = 0;
  int most_chunks = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Case c = neighbours_case(rng, trial);
    std::vector<float> slow(static_cast<std::size_t>(kSegmentBits) * kLanes, -2.0f);
    superpose_lanes_reference(c.in, slow.data());
    ChunkPatternTable table(std::span(c.sources.data(), c.sources.size()), c.positions,
                            c.in.base_a);
    most_chunks = std::max(most_chunks, static_cast<int>(table.chunks().size()));
    for (int level = 0; level <= static_cast<int>(cpu_vector_level()); ++level) {
      std::vector<float> fast(slow.size(), -1.0f);
      superpose_by_chunks_at(static_cast<VectorLevel>(level), c.in, table, fast.data());
      ASSERT_TRUE(same_decisions(fast, slow, level, trial));
    }
    count_ones(slow, decided, ones);
  }
  EXPECT_GT(most_chunks, 20);
  EXPECT_GT(ones, decided / 10);
  EXPECT_LT(ones, decided * 9 / 10);
}

// The screen takes most decisions from the victim's sums and the band its neighbours' terms lie
// in, and sums the neighbours only where the band straddles the threshold: every decision must
// still be the reference's, with neighbours from a thousandth of the victim's taps (almost all
// screened) to as strong as the victim (most summed), thermal noise or shot noise alone.
TEST(SuperpositionKernels, CrosstalkScreenDecidesEveryBitAsTheReference) {
  Rng rng(17, RngPurpose::kSweepSample, 9);
  long decided = 0, ones = 0;
  std::uint64_t screened_weak = 0, summed_weak = 0, summed_strong = 0, decided_strong = 0;
  int wholes = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Case c = neighbours_case(rng, trial);
    const double kappa = std::pow(10.0, -static_cast<double>(trial % 4));  // 1 to 1e-3
    for (std::size_t s = 1; s < c.taps.size(); ++s)
      for (double& t : c.taps[s]) t *= kappa;
    if (trial % 7 == 3) {
      // Shot noise alone: the sigma grows across the band from 0 at a dark level.
      c.in.thermal_var_a2 = 0.0;
      c.in.shot_a2_per_a = 1e-7;
    }
    std::vector<float> slow(static_cast<std::size_t>(kSegmentBits) * kLanes, -2.0f);
    superpose_lanes_reference(c.in, slow.data());
    // The victim's sums from its whole patterns' table where that fits, from its chunks'.
    const bool whole =
        trial % 3 != 0 && CrosstalkScreen::fits(c.positions, c.sources[0].lags, true);
    wholes += whole;
    for (int level = 0; level <= static_cast<int>(cpu_vector_level()); ++level) {
      CrosstalkScreen screen(std::span(c.sources.data(), c.sources.size()), c.positions,
                             c.in.base_a, whole);
      ASSERT_EQ(screen.whole() != nullptr, whole);
      EXPECT_LE(screen.band_low(), 0.0);
      EXPECT_GE(screen.band_high(), 0.0);
      std::vector<float> fast(slow.size(), -1.0f);
      superpose_screened_at(static_cast<VectorLevel>(level), c.in, screen, fast.data());
      ASSERT_TRUE(same_decisions(fast, slow, level, trial));
      ASSERT_EQ(screen.decided(), slow.size());
      if (kappa == 1e-3) {
        screened_weak += screen.decided() - screen.summed();
        summed_weak += screen.summed();
      }
      if (kappa == 1.0) {
        decided_strong += screen.decided();
        summed_strong += screen.summed();
      }
    }
    count_ones(slow, decided, ones);
  }
  // Both ways of deciding are exercised: weak neighbours are almost all screened, strong ones
  // mostly summed.
  EXPECT_GT(summed_weak, 0u);
  EXPECT_GT(screened_weak, 20 * summed_weak);
  EXPECT_GT(summed_strong, decided_strong / 2);
  EXPECT_GT(wholes, 75);
  EXPECT_GT(ones, decided / 10);
  EXPECT_LT(ones, decided * 9 / 10);
}

TEST(SuperpositionKernels, ChunkTableRefusesWhatItCannotHold) {
  const std::vector<double> taps(4 * (ChunkPatternTable::kMaxLags + 1), 1e-6);
  const SuperpositionSource too_long{taps.data(), 0, ChunkPatternTable::kMaxLags + 1, nullptr};
  EXPECT_THROW(ChunkPatternTable(std::span(&too_long, 1), 4, 0.0), std::invalid_argument);
  const std::vector<int> nine(9, 13), many(ChunkPatternTable::kMaxSources + 1, 1);
  // The engine's sizes: nine sources of 13 lags (18 chunks) at 16 and at 64 samples per UI.
  EXPECT_TRUE(ChunkPatternTable::fits(34, nine));
  EXPECT_TRUE(ChunkPatternTable::fits(130, nine));
  EXPECT_FALSE(ChunkPatternTable::fits(4, many));
  EXPECT_FALSE(ChunkPatternTable::fits(4, std::vector<int>{ChunkPatternTable::kMaxLags + 1}));
}

TEST(SuperpositionKernels, PatternTableRefusesMoreLagsThanItTakes) {
  const std::vector<double> taps(4 * (PatternTable::kMaxLags + 1), 1e-6);
  EXPECT_THROW(PatternTable(taps.data(), 4, PatternTable::kMaxLags + 1, 0.0),
               std::invalid_argument);
  EXPECT_THROW(PatternTable(taps.data(), 4, -1, 0.0), std::invalid_argument);
  // The engine's sizes: 16 samples per UI (34 positions) at the most lags; 64 samples per UI
  // (130 positions) one lag fewer, not the most.
  EXPECT_TRUE(PatternTable::fits(34, PatternTable::kMaxLags));
  EXPECT_TRUE(PatternTable::fits(130, PatternTable::kMaxLags - 1));
  EXPECT_FALSE(PatternTable::fits(130, PatternTable::kMaxLags));
  EXPECT_FALSE(PatternTable::fits(4, PatternTable::kMaxLags + 1));
}

}  // namespace
}  // namespace mosaic::phy::mc

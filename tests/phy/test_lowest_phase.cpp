// The phase scans' pruning (lowest_phase_pruned) against the plain scan: with any bound that
// never lies at or below a phase's value while claiming it above, the same phase, ties (the one
// nearest phase 0) included, and fewer values computed where the bound is tight.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/lowest_phase.hpp"

namespace mosaic::phy {
namespace {

TEST(LowestPhase, PrunedIsThePlainScan) {
  Rng rng(31, RngPurpose::kSweepSample, 1);
  int computed = 0;
  int phases = 0;
  for (int trial = 0; trial < 500; ++trial) {
    const int half = 1 + trial % 12;
    std::vector<double> value(2 * half + 1);
    // Values on a coarse grid (ties happen), a valley around a random centre.
    const double centre = (rng.uniform() - 0.5) * 2.0 * half;
    for (int p = -half; p <= half; ++p)
      value[p + half] = std::round(4.0 * std::abs(p - centre) + 3.0 * rng.uniform());
    const auto h = [&](int p) { return value[p + half]; };
    // A valid bound: below the value by a random amount (sometimes exactly 1, so a tie is not
    // pruned), claiming "above" only where bound > best.
    std::vector<double> slack(value.size());
    for (double& s : slack) s = rng.uniform() < 0.3 ? 1.0 : 3.0 * rng.uniform();
    int calls = 0;
    const auto counted = [&](int p) {
      ++calls;
      return h(p);
    };
    const auto above = [&](int p, double best) { return value[p + half] - slack[p + half] > best; };
    const int first = static_cast<int>(std::lround(centre));
    EXPECT_EQ(lowest_phase_pruned(counted, above, first, -half, half), lowest_phase(h, -half, half))
        << trial;
    computed += calls;
    phases += 2 * half + 1;
  }
  EXPECT_LT(computed, phases * 0.7);
}

}  // namespace
}  // namespace mosaic::phy

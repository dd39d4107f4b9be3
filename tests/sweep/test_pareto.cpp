// The dominance filter against the definition, on random rows with ties.
#include <gtest/gtest.h>

#include <algorithm>

#include "mosaic/core/rng.hpp"
#include "mosaic/sweep/pareto.hpp"

namespace mosaic::sweep {
namespace {

bool dominates(const std::vector<double>& a, const std::vector<double>& b) {
  bool strict = false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k] > b[k]) return false;
    strict = strict || a[k] < b[k];
  }
  return strict;
}

TEST(Pareto, NonDominatedMatchesTheDefinition) {
  for (int dims : {1, 2, 3}) {
    Rng rng(5, RngPurpose::kSweepSample, static_cast<std::uint64_t>(dims));
    std::vector<std::vector<double>> rows(300, std::vector<double>(dims));
    for (auto& r : rows)
      for (auto& x : r) x = std::floor(rng.uniform() * 20);  // coarse values: many ties
    const auto front = non_dominated(rows);
    std::vector<bool> in(rows.size(), false);
    for (auto i : front) in[i] = true;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      bool dominated = false;
      bool earlier_twin = false;
      for (std::size_t j = 0; j < rows.size(); ++j) {
        dominated = dominated || dominates(rows[j], rows[i]);
        earlier_twin = earlier_twin || (j < i && rows[j] == rows[i]);
      }
      EXPECT_EQ(in[i], !dominated && !earlier_twin) << "dims " << dims << " row " << i;
    }
    for (std::size_t k = 1; k < front.size(); ++k)
      EXPECT_LE(rows[front[k - 1]][0], rows[front[k]][0]);
  }
}

}  // namespace
}  // namespace mosaic::sweep

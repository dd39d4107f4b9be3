// Rng::fill_uniform: the same values as one uniform() at a time, from any point of the stream
// (the block boundary anywhere, an odd word consumed), and the stream left where they leave it.
#include <gtest/gtest.h>

#include <vector>

#include "mosaic/core/rng.hpp"

namespace mosaic {
namespace {

TEST(Rng, FillUniformIsTheSequenceOfUniforms) {
  for (std::uint64_t seed : {1ull, 7ull, 0xFFFFFFFFFFull}) {
    for (std::size_t skip_words = 0; skip_words < 6; ++skip_words) {
      for (std::size_t n : {0u, 1u, 2u, 3u, 31u, 32u, 33u, 64u, 100u, 1000u}) {
        Rng one(seed, RngPurpose::kMcImportance, 44, 3);
        Rng bulk(seed, RngPurpose::kMcImportance, 44, 3);
        for (std::size_t w = 0; w < skip_words; ++w) {
          one.next_u32();
          bulk.next_u32();
        }
        std::vector<double> a(n), b(n);
        for (double& v : a) v = one.uniform();
        bulk.fill_uniform(b.data(), n);
        ASSERT_EQ(a, b) << "seed " << seed << " skip " << skip_words << " n " << n;
        // Both streams continue from the same place.
        EXPECT_EQ(one.next_u64(), bulk.next_u64());
        EXPECT_EQ(one.normal(), bulk.normal());
      }
    }
  }
}

TEST(Rng, FillUniformOverALongStream) {
  // 4096 uniforms: 2048 blocks, 128 batches of the bulk path back to back.
  Rng one(3, RngPurpose::kMcData, 1);
  Rng bulk(3, RngPurpose::kMcData, 1);
  std::vector<double> a(4096), b(4096);
  for (double& v : a) v = one.uniform();
  bulk.fill_uniform(b.data(), b.size());
  EXPECT_EQ(a, b);
  for (double v : b) {
    EXPECT_GT(v, 0.0);
    EXPECT_LT(v, 1.0);
  }
}

}  // namespace
}  // namespace mosaic

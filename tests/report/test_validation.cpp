#include <gtest/gtest.h>

#include "mosaic/report/validation.hpp"

namespace mosaic::report {
namespace {

TEST(Validation, EveryPublishedPointIsReproduced) {
  const auto points = run_validation(0);
  ASSERT_EQ(points.size(), 6u);
  for (const auto& p : points)
    EXPECT_TRUE(p.pass) << p.name << ": " << p.seeds_passing << " of " << p.seeds << " seeds pass";
}

}  // namespace
}  // namespace mosaic::report

#include <gtest/gtest.h>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/report/validation.hpp"

namespace mosaic::report {
namespace {

// Every published point holds for at least 95 % of seeds 1-20 (what `mosaic validate` checks).
TEST(Validation, SlowEveryPublishedPointHoldsOverSeeds) {
  const auto points = run_validation(0, 20);
  ASSERT_EQ(points.size(), 6u);
  for (const auto& p : points) {
    EXPECT_TRUE(p.pass) << p.name << ": " << p.seeds_passing << " of " << p.seeds << " seeds pass";
    EXPECT_EQ(p.seeds, 20);
  }
}

// The 800G point runs at the module's own line rate, not a rounded 2 Gb/s.
TEST(Validation, ModulePointRunsAtItsLineRate) {
  const auto points = published_points();
  EXPECT_EQ(points.back().preset, "800g");
  EXPECT_EQ(points.back().rate_gbps, 0.0);  // 0: the preset's own rate
  EXPECT_NEAR(preset("800g").channel.rate_gbps, 2.135, 1e-9);
}

}  // namespace
}  // namespace mosaic::report

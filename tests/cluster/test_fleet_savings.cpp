#include <gtest/gtest.h>

#include "cluster_test_util.hpp"
#include "mosaic/cluster/fleet_savings.hpp"

namespace mosaic::cluster {
namespace {

TEST(FleetSavings, TenMillionCablesSavingFiveWattsAtEachEndIs100MW) {
  const FleetSavings us = fleet_savings(1e7, 10.0, 5.0, FleetSavingsSpec::kUsHomeKwhPerYear);
  EXPECT_DOUBLE_EQ(us.saved_mw, 100.0);
  EXPECT_DOUBLE_EQ(us.home_kwh_per_year, 10715.0);
  EXPECT_NEAR(us.homes, 100.0 * 8760.0 * 1000.0 / 10715.0, 1e-6);  // about 81,800 US homes
  EXPECT_NEAR(us.homes, 81755.5, 1.0);
  const FleetSavings uk = fleet_savings(1e7, 10.0, 5.0, FleetSavingsSpec::kUkHomeKwhPerYear);
  EXPECT_DOUBLE_EQ(uk.home_kwh_per_year, 2700.0);
  EXPECT_NEAR(uk.homes, 324444.4, 1.0);  // "100 MW ~ 300,000 homes" fits UK households
  EXPECT_NEAR(us.saved_gwh_per_year, 876.0, 1e-9);
}

TEST(FleetSavings, TheStudyStatesTheFigureItUsed) {
  using namespace testing_util;
  const ClusterResult r =
      run(cluster_of("nvl72-copper", {"fleet.baseline_w_per_end=10", "fleet.mosaic_w_per_end=5",
                                      "fleet.home_kwh_per_year=2700"}));
  EXPECT_DOUBLE_EQ(r.savings.saved_mw, 100.0);
  EXPECT_DOUBLE_EQ(r.savings.home_kwh_per_year, 2700.0);
  // Defaults: the catalog's baseline and the design's own watts.
  const ClusterResult d = run(cluster_of("nvl72-copper"));
  EXPECT_DOUBLE_EQ(d.savings.baseline_w_per_end, 15.0);
  EXPECT_DOUBLE_EQ(d.savings.mosaic_w_per_end, mosaic_800g().w_per_end);
  EXPECT_DOUBLE_EQ(d.savings.home_kwh_per_year, 10715.0);
}

}  // namespace
}  // namespace mosaic::cluster

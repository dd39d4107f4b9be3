// Young's and Daly's checkpoint intervals and Daly's complete model, against closed forms and
// Daly's own worked cases.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "mosaic/cluster/goodput.hpp"

namespace mosaic::cluster {
namespace {

TEST(Goodput, DalysWorkedCasesGiveHisOptimalIntervals) {
  // Daly (2006): checkpoint 5 min, restart 10 min; MTBF 24 h, 6 h, 15 min -> about 117, 57 and
  // 9.1 min.
  const double delta = 5.0, restart = 10.0;
  for (const auto& [mtbf, expected] :
       {std::pair{24.0 * 60.0, 117.0}, std::pair{6.0 * 60.0, 57.0}, std::pair{15.0, 9.1}}) {
    EXPECT_NEAR(daly_interval(delta, mtbf), expected, 0.01 * expected) << "M = " << mtbf;
    // The interval minimises his wall-time model: a little shorter or longer costs more.
    const double tau = daly_interval(delta, mtbf);
    const double best = daly_wall_per_work(tau, delta, restart, mtbf);
    EXPECT_LT(best, daly_wall_per_work(0.8 * tau, delta, restart, mtbf));
    EXPECT_LT(best, daly_wall_per_work(1.25 * tau, delta, restart, mtbf));
  }
}

TEST(Goodput, YoungsIntervalIsExact) {
  EXPECT_DOUBLE_EQ(young_interval(5.0, 1440.0), 120.0);
  EXPECT_DOUBLE_EQ(young_interval(30.0, 3600.0), std::sqrt(2.0 * 30.0 * 3600.0));
}

TEST(Goodput, DalyFallsBackToTheMtbfWhenCheckpointsTakeLonger) {
  EXPECT_DOUBLE_EQ(daly_interval(100.0, 40.0), 40.0);
}

TEST(Goodput, CompleteModelHasItsLimits) {
  // Nothing fails: only the checkpoints cost time.
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_DOUBLE_EQ(daly_wall_per_work(100.0, 10.0, 50.0, inf), 1.1);
  const Goodput g = goodput(30.0, 300.0, inf);
  EXPECT_EQ(g.goodput, 1.0);
  // Rare failures: overhead ~ delta / tau + tau / 2M + R / M to first order in 1 / M (what is
  // left is of the order of the overhead times sqrt(delta / M)).
  const double delta = 10.0, restart = 60.0, mtbf = 1e7;
  const double tau = young_interval(delta, mtbf);
  const double first_order = 1.0 + delta / tau + tau / (2.0 * mtbf) + restart / mtbf;
  EXPECT_NEAR(daly_wall_per_work(tau, delta, restart, mtbf), first_order,
              (first_order - 1.0) * 2.0 * std::sqrt(delta / mtbf));
  // Free checkpoints lose only the restarts.
  EXPECT_NEAR(goodput(0.0, 600.0, 3600.0).goodput, std::exp(-600.0 / 3600.0), 1e-15);
}

TEST(Goodput, DalyBeatsYoungAndBothFallWithTheMtbf) {
  double last = 1.0;
  for (const double mtbf_h : {100.0, 10.0, 1.0, 0.3}) {
    const Goodput g = goodput(60.0, 600.0, mtbf_h * 3600.0);
    EXPECT_GE(g.goodput, g.goodput_young - 1e-12);
    EXPECT_LT(g.goodput, last);
    last = g.goodput;
  }
}

}  // namespace
}  // namespace mosaic::cluster

namespace mosaic::cluster {
namespace {

TEST(Goodput, DefaultCheckpointsGiveTheLlama3RunAboutNinetyPercent) {
  // 419 interruptions in 54 days (published: > 90 % effective training time); the defaults'
  // 30 s checkpoints and 300 s restarts are chosen to give about that.
  const double mtbf_s = 54.0 * 24.0 * 3600.0 / 419.0;
  const Goodput g = goodput(30.0, 300.0, mtbf_s);
  EXPECT_NEAR(g.goodput, 0.90, 0.01);
}

}  // namespace
}  // namespace mosaic::cluster

// Link failures in closed form and by the fleet Monte Carlo; the job's interruptions.
#include <gtest/gtest.h>

#include "cluster_test_util.hpp"

namespace mosaic::cluster {
namespace {

using namespace testing_util;

TEST(ClusterFailures, ClosedFormIsLinksTimesFit) {
  const ClusterResult r = run(cluster_of("nvl576-mosaic"));
  double fit = 0.0;
  for (std::size_t k = 0; k < r.technologies.size(); ++k)
    fit += r.specified.assignment.cables[k] * r.technologies[k].link_fit;
  EXPECT_DOUBLE_EQ(r.specified.failures.cluster_fit, fit);
  EXPECT_DOUBLE_EQ(r.specified.failures.mtbf_h, 1e9 / fit);
  EXPECT_DOUBLE_EQ(r.specified.failures.failures_per_day, fit * 24.0 / 1e9);
}

TEST(ClusterFailures, TheDefaultOtherRateIsLlama3sNonNetworkInterruptions) {
  // 419 unplanned interruptions in 54 days on 16,384 GPUs, 35 switches/cables + 7 NICs.
  const double per_gpu_h = (419.0 - 42.0) / (54.0 * 24.0 * 16384.0);
  EXPECT_NEAR(WorkloadSpec{}.other_fit_per_gpu, per_gpu_h * 1e9, 1e-6);
  // A 16,384-GPU job on those GPUs alone sees 377 of them in 54 days.
  ClusterSpec s = cluster_of("fat-tree-100k", {"workload.job_gpus=16384"});
  const ClusterResult r = run(s);
  EXPECT_NEAR(r.specified.failures.job_other_fit * 54.0 * 24.0 / 1e9, 377.0, 1e-6);
  // Its links: its share of the fabric's.
  EXPECT_NEAR(r.specified.failures.job_link_fit,
              r.specified.failures.cluster_fit * 16384.0 / 100000.0, 1e-6);
}

TEST(ClusterFailures, FleetMonteCarloDependsOnlyOnTheSeedAndAgreesWithTheClosedForm) {
  const ClusterSpec s = cluster_of("fat-tree-100k", {"links.technologies=smf-dsp,mosaic"});
  const ClusterResult one = run(s, false, 1);
  const ClusterResult three = run(s, false, 3);
  ASSERT_EQ(one.fleet.per_technology.size(), 2u);
  for (std::size_t k = 0; k < one.fleet.per_technology.size(); ++k) {
    const auto& a = one.fleet.per_technology[k].fleet;
    const auto& b = three.fleet.per_technology[k].fleet;
    EXPECT_EQ(a.failures, b.failures);
    EXPECT_EQ(a.outages, b.outages);
    EXPECT_EQ(a.first_life_failures, b.first_life_failures);
  }
  EXPECT_EQ(one.fleet.failures, three.fleet.failures);
  // The closed form (links x horizon x FIT, no repair time) inside the 99 % Garwood interval.
  EXPECT_GT(one.fleet.failures, 1000);
  EXPECT_LE(one.fleet.failures_ci.low, one.fleet.expected_failures);
  EXPECT_GE(one.fleet.failures_ci.high, one.fleet.expected_failures);
  // Another seed draws other failures.
  const ClusterResult other =
      run(cluster_of("fat-tree-100k", {"links.technologies=smf-dsp,mosaic", "cluster.seed=7"}));
  EXPECT_NE(other.fleet.failures, one.fleet.failures);
}

TEST(ClusterFailures, MosaicCutsTheClustersLinkFailures) {
  const ClusterResult laser = run(cluster_of("nvl72-optical"));
  const ClusterResult mosaic = run(cluster_of("nvl72-optical", {"links.technologies=mosaic"}));
  const double ratio = 400.0 / mosaic_800g().link_fit;
  EXPECT_NEAR(laser.specified.failures.cluster_fit / mosaic.specified.failures.cluster_fit, ratio,
              1e-9 * ratio);
  EXPECT_GT(mosaic.specified.goodput.goodput, laser.specified.goodput.goodput);
}

}  // namespace
}  // namespace mosaic::cluster

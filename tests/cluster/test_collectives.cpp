// Alpha-beta collective costs against their closed forms.
#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/cluster/collectives.hpp"

namespace mosaic::cluster {
namespace {

constexpr double kGB = 1e9;

TEST(Collectives, RingAllReduceOfOneGigabyteOverEightRanks) {
  // 2 (p-1) alpha + 2 (p-1)/p m / B = 70 us + 35 ms.
  const Tier t{50.0 * kGB, 5e-6};
  EXPECT_NEAR(ring_all_reduce_s(8, 1e9, t), 0.03507, 1e-12);
}

TEST(Collectives, BusBandwidthOfAnIdealRingIsTheLinkBandwidth) {
  const Tier ideal{50.0 * kGB, 0.0};
  for (const int p : {2, 8, 72, 1000}) {
    const Topology topo{p, p, ideal, ideal};
    const auto times = collective_times(topo, 1e9);
    for (const auto& x : times) {
      if (x.algorithm != Algorithm::kRing) continue;
      EXPECT_NEAR(x.busbw_gbs, 50.0, 1e-9) << collective_name(x.collective) << " p " << p;
    }
  }
  EXPECT_DOUBLE_EQ(bus_factor(Collective::kAllReduce, 8), 2.0 * 7.0 / 8.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::kAllGather, 8), 7.0 / 8.0);
}

TEST(Collectives, TreeAndHalvingDoublingClosedForms) {
  const Tier t{100.0 * kGB, 2e-6};
  const double m = 256e6;
  EXPECT_NEAR(tree_all_reduce_s(64, m, t), 2 * 6 * 2e-6 + 2 * m / (100 * kGB), 1e-15);
  // Rabenseifner, p a power of two: 2 log2 p alpha + 2 (p-1)/p m / B.
  const Topology one{64, 64, t, t};
  EXPECT_NEAR(halving_doubling_all_reduce_s(one, m), 2 * 6 * 2e-6 + 2 * 63.0 / 64 * m / (100 * kGB),
              1e-12);
  // Not a power of two: two more whole-vector steps.
  const Topology odd{72, 72, t, t};
  EXPECT_NEAR(halving_doubling_all_reduce_s(odd, m),
              halving_doubling_all_reduce_s(one, m) + 2 * (2e-6 + m / (100 * kGB)), 1e-12);
}

TEST(Collectives, HierarchicalSplitsTheTiers) {
  const Tier up{900.0 * kGB, 1e-6};
  const Tier out{100.0 * kGB, 5e-6};
  const double m = 1e9;
  // Inside one domain it is the ring.
  const Topology inside{72, 72, up, out};
  EXPECT_DOUBLE_EQ(hierarchical_all_reduce_s(inside, m), ring_all_reduce_s(72, m, up));
  // 16 domains of 8: reduce-scatter and all-gather on NVLink, the 1/8 shard across domains.
  const Topology spans{128, 8, up, out};
  const double expected = 2 * ring_reduce_scatter_s(8, m, up) + ring_all_reduce_s(16, m / 8, out);
  EXPECT_DOUBLE_EQ(hierarchical_all_reduce_s(spans, m), expected);
  // ... which beats a flat ring at the network's speed, and a bigger domain beats both.
  EXPECT_LT(expected, ring_all_reduce_s(128, m, out));
  const Topology bigger{128, 64, up, out};
  EXPECT_LT(hierarchical_all_reduce_s(bigger, m), expected);
}

TEST(Collectives, PairwiseAllToAllCountsStepsPerTier) {
  const Tier up{900.0 * kGB, 1e-6};
  const Tier out{100.0 * kGB, 5e-6};
  const double m = 64e6;
  const Topology t{16, 4, up, out};
  const double chunk = m / 16;
  EXPECT_NEAR(pairwise_all_to_all_s(t, m),
              3 * (1e-6 + chunk / (900 * kGB)) + 12 * (5e-6 + chunk / (100 * kGB)), 1e-15);
  const Topology flat{16, 16, up, out};
  EXPECT_NEAR(pairwise_all_to_all_s(flat, m), 15 * (1e-6 + chunk / (900 * kGB)), 1e-15);
}

TEST(Collectives, FastestPicksTheShortestAlgorithm) {
  const Tier t{100.0 * kGB, 10e-6};
  const auto times = collective_times(Topology{1024, 1024, t, t}, 1e3);
  const CollectiveTime f = fastest(times, Collective::kAllReduce);
  EXPECT_NE(f.algorithm, Algorithm::kRing) << "a tiny message over many ranks is latency-bound";
  for (const auto& x : times) {
    if (x.collective != Collective::kAllReduce) continue;
    EXPECT_LE(f.time_s, x.time_s);
  }
}

}  // namespace
}  // namespace mosaic::cluster

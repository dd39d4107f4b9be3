// The published anchors of PHYSICS.md section 9, each from the preset that states it.
#include <gtest/gtest.h>

#include <cmath>

#include "cluster_test_util.hpp"

namespace mosaic::cluster {
namespace {

using namespace testing_util;

TEST(ClusterAcceptance, Nvl72OpticalNeeds1296ModulesAndAbout20kW) {
  // 72 GPUs x 7.2 Tb/s per direction over 800G modules: 9 cables per GPU, a module at each end.
  const ClusterSpec s = cluster_of("nvl72-optical");
  EXPECT_DOUBLE_EQ(s.scale_up.gpu_gbps(), 7200.0);
  const ClusterResult r = run(s);
  EXPECT_EQ(r.specified.power.modules, 1296);
  EXPECT_EQ(r.cables.cables(), 648);
  EXPECT_NEAR(r.specified.power.module_kw, 19.4, 0.01 * 19.4);  // published: "about 20 kW"
  for (const auto& [w, kw] : {std::pair{12.0, 15.6}, std::pair{17.0, 22.0}}) {
    const ClusterResult x =
        run(cluster_of("nvl72-optical", {"links.adjust=smf-dsp:w_per_end=" + std::to_string(w)}));
    EXPECT_NEAR(x.specified.power.module_kw, kw, 0.01 * kw) << w << " W per module";
  }
  // The same spine on the MOSAIC design at its own watts per end.
  const ClusterResult m = run(cluster_of("nvl72-optical", {"links.technologies=mosaic"}));
  EXPECT_NEAR(mosaic_800g().w_per_end, 5.3, 0.01);
  EXPECT_EQ(m.specified.power.modules, 1296);
  EXPECT_NEAR(m.specified.power.module_kw, 6.9, 0.05);
  // The optical rack no longer fits its 132 kW feed; the MOSAIC one does.
  EXPECT_EQ(r.specified.power.racks_over_limit, 1);
  EXPECT_EQ(m.specified.power.racks_over_limit, 0);
}

TEST(ClusterAcceptance, Nvl72CopperRunsAreAllWithinTwoMetresAndCopper) {
  const ClusterResult r = run(cluster_of("nvl72-copper"));
  ASSERT_EQ(r.tiers.size(), 1u);
  EXPECT_EQ(r.tiers[0].cables, 648);
  EXPECT_LE(r.tiers[0].max_m, 2.0);
  EXPECT_GT(r.tiers[0].min_m, 0.0);
  for (std::size_t i = 0; i < r.cables.runs.size(); ++i) {
    EXPECT_EQ(r.technologies[r.specified.assignment.technology[i]].id, "dac");
    EXPECT_EQ(r.cables.runs[i].rack_a, r.cables.runs[i].rack_b);
  }
  EXPECT_EQ(r.specified.power.modules, 0);
  EXPECT_EQ(r.specified.power.module_kw, 0.0);
  // 5,184 lane pairs: 72 GPUs x 18 links x 2 lanes x 2 directions.
  EXPECT_EQ(72 * r.spec.scale_up.links_per_gpu * r.spec.scale_up.lanes_per_link * 2, 5184);
}

TEST(ClusterAcceptance, Nvl576CrossRackRunsAreMosaicAndOnlyNeighboursCouldBeCopper) {
  const ClusterResult r = run(cluster_of("nvl576-mosaic"));
  ASSERT_GE(mosaic_800g().reach_m, 50.0) << "the design's own reach is at least 50 m";
  ASSERT_EQ(r.tiers.size(), 2u);
  const TierLengths& spine = r.tiers[1];
  EXPECT_EQ(spine.cables, 5184);
  EXPECT_EQ(spine.cross_rack, 5184);
  const int mosaic = technology_index(r, "mosaic");
  for (std::size_t i = 0; i < r.cables.runs.size(); ++i) {
    const CableRun& run = r.cables.runs[i];
    if (run.rack_a == run.rack_b) continue;
    EXPECT_EQ(r.specified.assignment.technology[i], mosaic);
    if (!adjacent(r.cables.floor, run.rack_a, run.rack_b)) {
      EXPECT_GT(run.length_m, r.copper_reach_m) << "only neighbours are within copper's reach";
    }
  }
  EXPECT_LT(static_cast<double>(spine.adjacent) / spine.cross_rack, 0.15);
  EXPECT_GT(spine.adjacent, 0);
  // Cabled through their side walls, some neighbours come within copper's reach, and those are
  // all the cross-rack cables copper then takes.
  const ClusterResult side = run(cluster_of("nvl576-mosaic", {"floor.side_pass_through=true"}));
  const int dac = technology_index(side, "dac");
  std::int64_t copper_cross = 0;
  for (std::size_t i = 0; i < side.cables.runs.size(); ++i) {
    const CableRun& run = side.cables.runs[i];
    if (run.rack_a == run.rack_b || side.specified.assignment.technology[i] != dac) continue;
    EXPECT_TRUE(adjacent(side.cables.floor, run.rack_a, run.rack_b));
    copper_cross += run.cables;
  }
  EXPECT_GT(copper_cross, 0);
  EXPECT_LE(copper_cross, side.tiers[1].adjacent);
}

TEST(ClusterAcceptance, Nvl576RacksMovedApartTurnExactlyTheRunsBeyondReachIntoLaserOptics) {
  const double reach = mosaic_800g().reach_m;
  const ClusterResult near = run(cluster_of("nvl576-mosaic"));
  const ClusterResult far = run(cluster_of("nvl576-mosaic", {"floor.rack_pitch_m=10"}));
  ASSERT_EQ(near.cables.runs.size(), far.cables.runs.size());
  const int mosaic = technology_index(far, "mosaic");
  const int laser = technology_index(far, "smf-dsp");
  std::int64_t beyond = 0;
  for (std::size_t i = 0; i < far.cables.runs.size(); ++i) {
    const CableRun& a = near.cables.runs[i];
    const CableRun& b = far.cables.runs[i];
    ASSERT_EQ(a.rack_a, b.rack_a);  // the same cable, further apart
    ASSERT_EQ(a.rack_b, b.rack_b);
    if (a.rack_a == a.rack_b) continue;
    ASSERT_EQ(near.specified.assignment.technology[i], mosaic);
    EXPECT_EQ(far.specified.assignment.technology[i], b.length_m > reach ? laser : mosaic)
        << b.length_m << " m against a reach of " << reach << " m";
    if (b.length_m > reach) beyond += b.cables;
  }
  EXPECT_GT(beyond, 0);
  EXPECT_LT(beyond, far.tiers[1].cables);
  EXPECT_EQ(far.specified.assignment.cables[laser], beyond);
}

TEST(ClusterAcceptance, FatTree100kHas600kModules3907SwitchesAndALinkFailureEvery8Hours) {
  const ClusterResult r = run(cluster_of("fat-tree-100k", {"links.adjust=smf-dsp:link_fit=400"}));
  EXPECT_EQ(r.specified.power.modules, 600000);  // 6 per GPU
  EXPECT_EQ(r.scale_out.switches_scaled, 3907);
  // 200 FIT per module, two per link.
  EXPECT_NEAR(r.specified.failures.mtbf_h, 8.3, 0.01 * 8.3);
  EXPECT_NEAR(r.specified.failures.mtbf_h, 1e9 / (600000 * 200.0), 1e-9);
  // MOSAIC on every tier: the same count at its own FIT.
  const int laser = technology_index(r, "smf-dsp");
  const ClusterResult m = run(cluster_of("fat-tree-100k", {"links.technologies=smf-dsp,mosaic"}));
  const int mosaic = technology_index(m, "mosaic");
  const double ratio = r.technologies[laser].link_fit / m.technologies[mosaic].link_fit;
  EXPECT_NEAR(m.specified.failures.mtbf_if_all_h[mosaic] / r.specified.failures.mtbf_h, ratio,
              1e-9 * ratio);
  EXPECT_GT(ratio, 50.0);
}

}  // namespace
}  // namespace mosaic::cluster

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/compare_study.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/reach.hpp"

namespace mosaic {
namespace {

power::BaselineCatalog published_catalog() {
  std::ifstream in(std::string(MOSAIC_SOURCE_DIR "/data/baselines.toml"));
  std::stringstream text;
  text << in.rdbuf();
  return power::parse_baseline_catalog(text.str(), "baselines.toml");
}

// The 3.2T preset is rated for 50 m but its own physics closes near 30 m: compare must state the
// physical reach, and call the design infeasible wherever the cable is longer.
TEST(SlowCompareReach, TheDesignsReachIsItsOwnPhysics) {
  const LinkSpec spec = preset("3.2t");
  const ReachSearch search = physical_reach(spec, 0.5);
  ASSERT_GT(search.reach_m, 0.0);
  EXPECT_LT(search.reach_m, spec.module.rated_reach_m);

  // The edge itself: the verdict holds at the reach and fails half a metre past it.
  EvalOptions o;
  o.margin = false;
  o.bathtubs = false;
  LinkSpec at = spec;
  at.fiber.length_m = search.reach_m;
  EXPECT_TRUE(evaluate(at, o).verdict.meets);
  at.fiber.length_m = search.reach_m + 0.5;
  EXPECT_FALSE(evaluate(at, o).verdict.meets);

  // One compare past the edge (each compare searches the reach again).
  const double cable_m = search.reach_m + 1.0;
  study::CompareOptions options;
  options.reach_m = cable_m;
  const power::Comparison c = compare(spec, options, published_catalog());
  ASSERT_FALSE(c.rows.empty());
  const auto& design = c.rows.back();
  ASSERT_TRUE(design.is_design);
  EXPECT_DOUBLE_EQ(design.reach_m, search.reach_m);
  EXPECT_FALSE(design.reaches);
  int feasible = 0;
  for (const auto& row : c.rows) {
    EXPECT_EQ(row.reaches, row.reach_m >= cable_m) << row.id;
    feasible += row.reaches;
  }
  EXPECT_GT(feasible, 0);  // the long-reach optics still span it
}

}  // namespace
}  // namespace mosaic

#include "mosaic/power/baseline.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "mosaic/core/error.hpp"
#include "mosaic/power/compare.hpp"

namespace mosaic::power {
namespace {

BaselineCatalog shipped_catalog() {
  std::ifstream in(std::string(MOSAIC_SOURCE_DIR "/data/baselines.toml"));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_baseline_catalog(text.str(), "data/baselines.toml");
}

TEST(BaselineCatalog, ShippedCatalogHasEveryTechnologyWithSources) {
  const BaselineCatalog c = shipped_catalog();
  std::set<std::string> tech;
  for (const auto& b : c.entries) {
    tech.insert(b.technology);
    EXPECT_FALSE(b.reach_source.empty()) << b.id;
    EXPECT_FALSE(b.power_source.empty()) << b.id;
    EXPECT_FALSE(b.fit_source.empty()) << b.id;
    EXPECT_FALSE(b.latency_source.empty()) << b.id;
    EXPECT_TRUE(b.rate_gbps == 800 || b.rate_gbps == 1600) << b.id;
  }
  for (const char* t : {"dac", "acc", "aec", "aoc", "mmf-dsp", "smf-dsp", "lpo", "lro", "cpo"})
    EXPECT_TRUE(tech.count(t)) << t;
}

TEST(BaselineCatalog, FigureWithoutSourceIsRejected) {
  const char* text = R"(
[[baseline]]
id = "x"
name = "X"
technology = "dac"
rate_gbps = 800
reach_m = 2
reach_source = "s"
w_per_end = 1
power_source = "s"
link_fit = 1
latency_ns = 0
latency_source = "s"
)";
  try {
    parse_baseline_catalog(text);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "baseline[x].fit_source");
  }
  EXPECT_THROW(parse_baseline_catalog("baseline = 3"), ConfigError);
  EXPECT_THROW(parse_baseline_catalog("[[baseline]\n"), ConfigError);
}

TEST(Compare, MarksInfeasibleReachAndComputesRatios) {
  const BaselineCatalog c = shipped_catalog();
  DesignFigures d;
  d.rate_gbps = 800.0;
  d.reach_m = 50.0;
  d.w_per_end = 5.3;
  d.link_fit = 5.0;
  const Comparison cmp = compare(d, c, 30.0);
  EXPECT_EQ(cmp.rate_gbps, 800.0);
  bool saw_dac = false, saw_aoc = false;
  for (const auto& r : cmp.rows) {
    EXPECT_EQ(r.rate_gbps, 800.0);
    if (r.id == "dac-800g") {
      saw_dac = true;
      EXPECT_FALSE(r.reaches);
    }
    if (r.id == "aoc-800g") {
      saw_aoc = true;
      EXPECT_TRUE(r.reaches);
      EXPECT_NEAR(r.fit_ratio, r.link_fit / 5.0, 1e-12);
      EXPECT_NEAR(r.design_power_saving, 1.0 - 5.3 / r.w_per_end, 1e-12);
      EXPECT_NEAR(r.pj_per_bit, r.w_per_end / 800.0 * 1e3, 1e-12);
    }
  }
  EXPECT_TRUE(saw_dac && saw_aoc);
  EXPECT_TRUE(cmp.rows.back().is_design);
  EXPECT_TRUE(cmp.rows.back().reaches);
  // At 1.6T the 1.6T entries are chosen.
  d.rate_gbps = 1600.0;
  EXPECT_EQ(compare(d, c, 1.0).rate_gbps, 1600.0);
}

}  // namespace
}  // namespace mosaic::power

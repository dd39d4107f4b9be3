#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/validation.hpp"

namespace mosaic {
namespace {

std::vector<ValidationPoint> shipped_points() {
  const std::string path = std::string(MOSAIC_SOURCE_DIR "/data/validation.toml");
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return parse_validation_points(text.str(), path);
}

// Every published point holds for at least 95 % of seeds 1-20 (what `mosaic validate` checks).
TEST(Validation, SlowEveryPublishedPointHoldsOverSeeds) {
  const auto points = run_validation(shipped_points(), {.seeds = 20, .threads = 0});
  ASSERT_EQ(points.size(), 6u);
  for (const auto& p : points) {
    EXPECT_TRUE(p.pass) << p.name << ": " << p.seeds_passing << " of " << p.seeds << " seeds pass";
    EXPECT_EQ(p.seeds, 20);
  }
}

// The 800G point runs at the module's own line rate, not a rounded 2 Gb/s.
TEST(Validation, ModulePointRunsAtItsLineRate) {
  const auto points = shipped_points();
  EXPECT_EQ(points.back().preset, "800g");
  EXPECT_EQ(points.back().rate_gbps, 0.0);  // 0: the preset's own rate
  EXPECT_NEAR(preset("800g").channel.rate_gbps, 2.135, 1e-9);
}

// The published points are data: the file's six points with their windows, read back exactly.
TEST(Validation, PointsComeFromTheDataFile) {
  const auto points = shipped_points();
  ASSERT_EQ(points.size(), 6u);
  EXPECT_EQ(points[0].name, "prototype 2 Gb/s 20 m");
  EXPECT_EQ(points[0].lower, 1e-9);
  EXPECT_EQ(points[0].upper, 2e-8);
  EXPECT_TRUE(points[1].error_free);
  EXPECT_FALSE(points[4].lower_inclusive);
  EXPECT_EQ(points[4].lower, 2.4e-4);
}

TEST(Validation, BadPointFilesAreRefusedByKey) {
  const auto refuses = [](const std::string& text, const std::string& field) {
    try {
      parse_validation_points(text, "points.toml");
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), field) << e.what();
      return;
    }
    ADD_FAILURE() << "accepted: " << text;
  };
  refuses("[[point]]\nname = \"a\"\npreset = \"800g\"\nupper = 1e-6\nuper = 2\n", "uper");
  refuses("[[point]]\nname = \"a\"\npreset = \"nope\"\nupper = 1e-6\n", "preset");
  refuses("[[point]]\nname = \"a\"\npreset = \"800g\"\nupper = 0.9\n", "upper");
  refuses("[[point]]\nname = \"a\"\npreset = \"800g\"\nlower = 1e-3\nupper = 1e-6\n",
          "points.toml");
  refuses("# nothing\n", "points.toml");
}

}  // namespace
}  // namespace mosaic

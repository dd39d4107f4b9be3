// Sweep files and their expansion into points: combinations, ranges, samples, and refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "mosaic/core/error.hpp"
#include "mosaic/sweep/sweep_file.hpp"

namespace mosaic::sweep {
namespace {

double real_at(const SweepDefinition& d, std::size_t point, std::size_t axis) {
  const auto& v = d.grid.points[point][axis];
  if (const auto* x = std::get_if<double>(&v)) return *x;
  return static_cast<double>(std::get<std::int64_t>(v));
}

TEST(SweepFile, ProductVariesTheFirstAxisOutermost) {
  const auto d = parse_sweep(R"(
[[axis]]
key = "fiber.length_m"
values = [10, 30]
[[axis]]
key = "array.spare_channels"
start = 30
stop = 50
step = 10
)",
                             "t");
  ASSERT_EQ(d.grid.points.size(), 6u);
  EXPECT_EQ(real_at(d, 0, 0), 10.0);
  EXPECT_EQ(real_at(d, 2, 1), 50.0);
  EXPECT_EQ(real_at(d, 3, 0), 30.0);
  EXPECT_EQ(real_at(d, 3, 1), 30.0);
  EXPECT_TRUE(std::holds_alternative<std::int64_t>(d.grid.points[0][1]));
}

TEST(SweepFile, ZipPairsAxesAndLogCountSpacesGeometrically) {
  const auto d = parse_sweep(R"(
combine = "zip"
[[axis]]
key = "fiber.length_m"
start = 1
stop = 100
count = 3
scale = "log"
[[axis]]
key = "environment.case_temperature_c"
values = [25, 55, 85]
)",
                             "t");
  ASSERT_EQ(d.grid.points.size(), 3u);
  EXPECT_NEAR(real_at(d, 1, 0), 10.0, 1e-12);
  EXPECT_EQ(real_at(d, 2, 1), 85.0);
  EXPECT_THROW(parse_sweep(R"(
combine = "zip"
[[axis]]
key = "fiber.length_m"
values = [1, 2]
[[axis]]
key = "environment.case_temperature_c"
values = [25, 55, 85]
)",
                           "t"),
               ConfigError);
}

TEST(SweepFile, LatinHypercubePutsOneSampleInEachStratumAndIsKeyedBySeed) {
  const std::string text = R"(
[sampling]
method = "latin_hypercube"
count = 50
seed = 7
[[axis]]
key = "fiber.length_m"
min = 10
max = 60
[[axis]]
key = "led.launch_power_dbm"
min = -9
max = -3
)";
  const auto a = parse_sweep(text, "t");
  const auto b = parse_sweep(text, "t");
  ASSERT_EQ(a.grid.points.size(), 50u);
  for (std::size_t axis = 0; axis < 2; ++axis) {
    const double lo = axis == 0 ? 10.0 : -9.0;
    const double width = axis == 0 ? 50.0 : 6.0;
    std::set<int> strata;
    for (std::size_t i = 0; i < 50; ++i)
      strata.insert(static_cast<int>(std::floor((real_at(a, i, axis) - lo) / width * 50.0)));
    EXPECT_EQ(strata.size(), 50u) << "axis " << axis;
  }
  EXPECT_EQ(a.fingerprint, b.fingerprint);
  auto other_seed = text;
  other_seed.replace(other_seed.find("seed = 7"), 8, "seed = 8");
  EXPECT_NE(parse_sweep(other_seed, "t").fingerprint, a.fingerprint);
}

TEST(SweepFile, ListedAndSampledAxesCombineAsAProduct) {
  const auto d = parse_sweep(R"(
[sampling]
method = "random"
count = 4
seed = 1
[[axis]]
key = "fiber.length_m"
values = [10, 20, 30]
[[axis]]
key = "array.spare_channels"
min = 30
max = 50
)",
                             "t");
  ASSERT_EQ(d.grid.points.size(), 12u);
  for (const auto& p : d.grid.points) {
    const auto s = std::get<std::int64_t>(p[1]);
    EXPECT_GE(s, 30);
    EXPECT_LE(s, 50);
  }
}

TEST(SweepFile, BadFilesNameTheProblem) {
  struct Case {
    std::string text;
    std::string mention;
  };
  for (const Case& c : {
           Case{"[[axis]]\nkey = \"fiber.lenght_m\"\nvalues = [1]\n",
                "did you mean 'fiber.length_m'"},
           Case{"[[axis]]\nkey = \"fiber.length_m\"\nvalues = []\n", "at least one value"},
           Case{"[[axis]]\nkey = \"fiber.length_m\"\nvalues = [10, 2000]\n", "sweep point 1"},
           Case{"", "zero points"},
           Case{"[sampling]\ncount = 0\n[[axis]]\nkey = \"fiber.length_m\"\nmin = 1\nmax = 2\n",
                "sampling.count"},
           Case{"colour = 1\n", "colour"},
           Case{"[[axis]]\nkey = \"fiber.length_m\"\nstart = 10\nstop = 1\nstep = 1\n", "step"},
           Case{"[[axis]]\nkey = \"array.rows\"\nvalues = [2.5]\n", "array.rows"},
           Case{"[[axis]]\nkey = \"fiber.length_m\"\nmin = 1\nmax = 2\n", "sampling"},
       }) {
    try {
      parse_sweep(c.text, "t");
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(c.mention), std::string::npos)
          << c.text << " -> " << e.what();
    }
  }
}

}  // namespace
}  // namespace mosaic::sweep

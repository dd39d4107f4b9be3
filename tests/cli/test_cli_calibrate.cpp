#include <gtest/gtest.h>

#include <cstdlib>

#include "common/cli_run.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/calibration.hpp"
#include "mosaic_io/catalog_file.hpp"

namespace mosaic {
namespace {

// The shipped ensemble is found where the validation points are, and parses.
TEST(CalibrateCli, ShippedEnsembleLoads) {
  unsetenv("MOSAIC_DATA_DIR");
  const CalibrationEnsemble e = io::load_calibration_ensemble();
  EXPECT_GE(e.members.size(), 8u);
  setenv("MOSAIC_DATA_DIR", "/nonexistent-dir", 1);
  EXPECT_THROW(io::load_calibration_ensemble(), ConfigError);
  unsetenv("MOSAIC_DATA_DIR");
}

// No candidates: the nominal set alone, accepted, printed as an ensemble file that reads back.
TEST(CalibrateCli, NominalSetAloneIsAnEnsemble) {
  const auto r = test::run_cli(
      "calibrate --candidates 0 --acceptance-seeds 1 --validation-seeds 1 --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const CalibrationEnsemble e = parse_calibration_ensemble(r.out, "stdout");
  ASSERT_EQ(e.members.size(), 1u);
  EXPECT_EQ(e.members[0].candidate, -1);
  EXPECT_EQ(e.candidates, 0);
}

TEST(CalibrateCli, BadOptionsNameTheField) {
  auto r = test::run_cli("calibrate --candidates -1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("candidates"), std::string::npos) << r.err;
  r = test::run_cli("calibrate --acceptance-seeds 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("acceptance_seeds"), std::string::npos) << r.err;
}

// Ranges off: no ranges and no calibration section in the record.
TEST(CalibrateCli, SimulateRangesSwitchOff) {
  const auto on = test::run_cli("simulate --json --no-link-budget --threads 2");
  const auto off =
      test::run_cli("simulate --json --no-link-budget --no-calibration-ranges --threads 2");
  ASSERT_EQ(on.exit_code, 0) << on.err;
  ASSERT_EQ(off.exit_code, 0) << off.err;
  EXPECT_NE(on.out.find("\"optical_margin_db_range\""), std::string::npos);
  EXPECT_NE(on.out.find("\"calibration\""), std::string::npos);
  EXPECT_EQ(off.out.find("_range\""), std::string::npos);
  EXPECT_EQ(off.out.find("\"calibration\""), std::string::npos);
}

}  // namespace
}  // namespace mosaic

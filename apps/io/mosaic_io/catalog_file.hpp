#pragma once

#include <string>

#include "mosaic/evaluate/calibration.hpp"
#include "mosaic/evaluate/validation.hpp"
#include "mosaic/power/baseline.hpp"

namespace mosaic::io {

// Reads a catalog file (a regular file within the input size limit); ConfigError naming `field`
// if it cannot be read or parsed.
power::BaselineCatalog load_baseline_catalog(const std::string& path,
                                             const std::string& field = "baseline catalog");

// Where the shipped catalog is: $MOSAIC_DATA_DIR/baselines.toml whenever that variable is set;
// otherwise the first that exists of <exe>/../share/mosaic/baselines.toml (a relocated install),
// the compiled-in install prefix's share/mosaic/, and the source tree's data/ folder (a build
// tree); the source-tree path if none exists, so the error names a real expectation.
std::string default_catalog_path();

// The same search for any file of the shipped data/ folder.
std::string default_data_path(const std::string& name);

// The published validation points (data/validation.toml, or the file at `path`).
std::vector<ValidationPoint> load_validation_points(const std::string& path = {});

// The calibration ensemble (data/calibration_ensemble.toml, or the file at `path`).
CalibrationEnsemble load_calibration_ensemble(const std::string& path = {});

}  // namespace mosaic::io

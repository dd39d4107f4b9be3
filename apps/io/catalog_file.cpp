#include "mosaic_io/catalog_file.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/toml_values.hpp"
#include "mosaic/evaluate/validation.hpp"

namespace mosaic::io {
namespace {

constexpr const char* kCatalogFile = "baselines.toml";
constexpr const char* kValidationFile = "validation.toml";
constexpr const char* kEnsembleFile = "calibration_ensemble.toml";

}  // namespace

power::BaselineCatalog load_baseline_catalog(const std::string& path, const std::string& field) {
  // Bounded, regular files only: /dev/zero or a FIFO is refused before anything is read; the
  // design loader's limit on dotted keys before toml++ sees the text.
  const std::string text = read_input_file(path, field);
  check_toml_nesting(text, path);
  return power::parse_baseline_catalog(text, path);
}

std::string default_catalog_path() {
  return default_data_path(kCatalogFile);
}

std::vector<ValidationPoint> load_validation_points(const std::string& path) {
  const std::string file = path.empty() ? default_data_path(kValidationFile) : path;
  return parse_validation_points(read_input_file(file, "validation points"), file);
}

CalibrationEnsemble load_calibration_ensemble(const std::string& path) {
  const std::string file = path.empty() ? default_data_path(kEnsembleFile) : path;
  const std::string text = read_input_file(file, "calibration ensemble");
  check_toml_nesting(text, file);
  return parse_calibration_ensemble(text, file);
}

std::string default_data_path(const std::string& name) {
  namespace fs = std::filesystem;
  const fs::path kCatalogFile(name);
  std::vector<fs::path> candidates;
  // An explicit override wins even if the file is missing, so the error names what was asked for.
  if (const char* env = std::getenv("MOSAIC_DATA_DIR"); env && *env)
    return (fs::path(env) / kCatalogFile).string();
  // A relocated install: <prefix>/bin/mosaic next to <prefix>/share/mosaic/.
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec)
    candidates.push_back(exe.parent_path().parent_path() / "share" / "mosaic" / kCatalogFile);
  candidates.emplace_back(fs::path(MOSAIC_INSTALL_DATA_DIR) / kCatalogFile);
  candidates.emplace_back(fs::path(MOSAIC_DATA_DIR) / kCatalogFile);
  for (const auto& c : candidates)
    if (fs::is_regular_file(c, ec)) return c.string();
  return (fs::path(MOSAIC_DATA_DIR) / kCatalogFile).string();
}

}  // namespace mosaic::io

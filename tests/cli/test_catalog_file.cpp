#include <gtest/gtest.h>

#include <cstdlib>

#include "mosaic/core/error.hpp"
#include "mosaic_io/catalog_file.hpp"

namespace mosaic::io {
namespace {

TEST(CatalogFile, DefaultPathFindsTheShippedFile) {
  unsetenv("MOSAIC_DATA_DIR");
  EXPECT_NO_THROW(load_baseline_catalog(default_catalog_path()));
  setenv("MOSAIC_DATA_DIR", "/nonexistent-dir", 1);
  EXPECT_EQ(default_catalog_path(), "/nonexistent-dir/baselines.toml");
  EXPECT_THROW(load_baseline_catalog(default_catalog_path()), ConfigError);
  unsetenv("MOSAIC_DATA_DIR");
}

}  // namespace
}  // namespace mosaic::io

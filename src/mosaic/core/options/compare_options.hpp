#pragma once

#include <optional>
#include <string>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic compare`: the design beside every baseline technology of a catalog.
struct CompareOptions {
  std::optional<double> reach_m;  // cable length compared at (default: fiber.length_m)
  std::string catalog;            // a baseline catalog (path; "" = the bundled one)
  int threads = 0;

  static FieldTable<CompareOptions> fields();
  void validate() const { check_fields(*this, fields()); }
};

}  // namespace mosaic::study

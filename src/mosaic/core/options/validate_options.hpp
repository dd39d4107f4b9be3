#pragma once

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic validate`: every published point over array seeds 1..seeds.
struct ValidateOptions {
  int seeds = 20;
  int threads = 0;

  static FieldTable<ValidateOptions> fields();
  void validate() const { check_fields(*this, fields()); }
};

}  // namespace mosaic::study

#pragma once

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic validate`: every published point over array seeds 1..seeds.
struct ValidateOptions {
  int seeds = 20;
  int threads = 0;
  // Every member of the calibration ensemble (data/calibration_ensemble.toml) in turn, each over
  // the seeds, instead of the nominal parameter set alone.
  bool ensemble = false;

  static FieldTable<ValidateOptions> fields();
  void validate() const { check_fields(*this, fields()); }
};

}  // namespace mosaic::study

#pragma once

#include <cstdint>
#include <string>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic calibrate`: rejection sampling of the calibration's chosen and fitted
// parameters over their priors, keeping every candidate under which each published point holds
// (docs/calibration.md).
struct CalibrateOptions {
  std::uint64_t seed = 1;     // the sampler's stream (the array seeds are 1..acceptance_seeds)
  int candidates = 4000;      // candidates drawn beside the nominal set
  int acceptance_seeds = 3;   // every point must hold at each of the array seeds 1..N
  int validation_seeds = 20;  // ... and then pass `validate` over seeds 1..N (the 95 % rule)
  int max_members = 20;       // stop drawing once this many (the nominal included) are accepted
  std::string output;         // the ensemble file to write (empty: standard output)
  int threads = 0;

  static FieldTable<CalibrateOptions> fields();
  void validate() const { check_fields(*this, fields()); }
};

}  // namespace mosaic::study

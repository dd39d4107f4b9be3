#pragma once

#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::report {

// One published measurement (PHYSICS.md section 1) and the model's value beside it.
struct ValidationPoint {
  std::string name;
  std::string preset;
  double rate_gbps = 0.0;
  double length_m = 0.0;
  double lower = 0.0;  // accepted median BER range
  double upper = 0.0;
  bool lower_inclusive = true;
  std::string published;  // what the paper reports, in words
  double model_median_ber = 0.0;
  double model_log10_median_ber = 0.0;
  bool pass = false;
};

// The published points with their tolerances, not yet run.
std::vector<ValidationPoint> published_points();
// Runs every point (threads: 0 = all cores) and fills the model's values.
std::vector<ValidationPoint> run_validation(int threads);

}  // namespace mosaic::report

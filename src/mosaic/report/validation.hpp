#pragma once

#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::report {

// One published measurement (PHYSICS.md section 1), the model's values beside it over a set of
// array seeds (each seed is another draw of the per-channel spread: another built module).
struct ValidationPoint {
  std::string name;
  std::string preset;
  double rate_gbps = 0.0;  // 0 = the preset's own line rate
  double length_m = 0.0;
  double lower = 0.0;  // accepted median BER range
  double upper = 0.0;
  bool lower_inclusive = true;
  bool error_free = false;  // also: the worst active channel below kErrorFreeBer
  std::string published;    // what the paper reports, in words
  // Over the seeds:
  int seeds = 0;
  int seeds_passing = 0;
  double log10_median_ber = 0.0;       // median over seeds of the link's median BER
  double log10_worst_ber = 0.0;        // median over seeds of the worst active channel
  double log10_worst_worst_ber = 0.0;  // the worst active channel of the worst seed
  double rate_used_gbps = 0.0;
  bool pass = false;  // at least kRequiredSeedFraction of the seeds pass
};

inline constexpr double kErrorFreeBer = 1e-12;
inline constexpr double kRequiredSeedFraction = 0.95;

// The published points with their tolerances, not yet run.
std::vector<ValidationPoint> published_points();
// Runs every point at seeds 1..seeds (threads: 0 = all cores) and fills the model's values.
std::vector<ValidationPoint> run_validation(int threads, int seeds = 20);

}  // namespace mosaic::report

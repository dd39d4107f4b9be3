#pragma once

#include <functional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/options/validate_options.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic {

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

// The fields of a point as data/validation.toml writes them (name, preset, rate_gbps, length_m,
// lower, upper, lower_inclusive, error_free, published).
FieldTable<ValidationPoint> validation_point_fields();

// The points of a validation file's text ([[point]] tables), not yet run. Throws ConfigError
// naming `source` and the key for a bad file.
std::vector<ValidationPoint> parse_validation_points(const std::string& text,
                                                     const std::string& source);

// A point's design: its preset at its rate and length (what the model is run on at each seed).
LinkSpec point_design(const ValidationPoint& p);

// Moves a point's design before it runs (a calibration member's parameters); none = as is.
using PointDesignAdjust = std::function<LinkSpec(LinkSpec, const ValidationPoint&)>;

// The model at one point and one array seed: the median and worst active channel's log10 BER,
// and whether the point's tolerance holds.
struct PointSeedResult {
  double log10_median_ber = 0.0;
  double log10_worst_ber = 0.0;
  bool ok = false;
};
PointSeedResult run_point_at_seed(const ValidationPoint& p, LinkSpec design, int seed, int threads);

// Runs every point at seeds 1..options.seeds and fills the model's values.
std::vector<ValidationPoint> run_validation(std::vector<ValidationPoint> points,
                                            const study::ValidateOptions& options,
                                            const PointDesignAdjust& adjust = {});

}  // namespace mosaic

#pragma once

#include <string>
#include <vector>

#include "mosaic/power/baseline.hpp"

namespace mosaic::power {

// The MOSAIC design's figures as the comparison needs them (computed by the power and reliability
// models; passed in so that this layer stays below reliability).
struct DesignFigures {
  std::string name = "MOSAIC";
  double rate_gbps = 800.0;        // Ethernet payload rate
  double reach_m = 50.0;           // its own reach from its physics (evaluate/reach.hpp)
  bool reach_from_physics = true;  // false: the module's rated reach, no physics run
  double w_per_end = 0.0;
  // FIT at the design's case temperature (its own reliability model); the catalog's baselines are
  // quoted at typical conditions, which the assumptions say, with the design's FIT at the
  // catalog's reference temperature beside it.
  double link_fit = 0.0;
  double reference_temperature_c = 25.0;
  double case_temperature_c = 25.0;
  double link_fit_at_reference = 0.0;
  double latency_ns = 0.0;  // added by the electronics, both ends, excluding flight
};

// One row of `mosaic compare`.
struct ComparisonRow {
  std::string id;
  std::string name;
  bool is_design = false;
  double rate_gbps = 0.0;
  double reach_m = 0.0;
  bool reaches = false;  // reach_m >= the requested cable length
  double w_per_end = 0.0;
  double pj_per_bit = 0.0;
  double link_fit = 0.0;
  double latency_ns = 0.0;
  double design_power_saving = 0.0;  // fraction of this row's W per end the design saves
  double fit_ratio = 0.0;  // this row's link FIT / the design's (0 when the design's is 0)
  std::string source;      // the row's sources, joined
};

struct Comparison {
  double cable_m = 0.0;
  double rate_gbps = 0.0;           // catalog rate class the rows are drawn from
  std::vector<ComparisonRow> rows;  // catalog order, the design last
  std::vector<std::string> assumptions;
};

// The catalog's entries at the rate closest to the design's (ratio-wise), plus the design itself.
Comparison compare(const DesignFigures& design, const BaselineCatalog& catalog, double cable_m);

}  // namespace mosaic::power

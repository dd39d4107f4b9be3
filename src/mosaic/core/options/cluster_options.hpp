#pragma once

#include <string>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic cluster` (and of mosaic.cluster in Python). The cluster itself is a
// description with its own keys (core/cluster), like a design.
struct ClusterOptions {
  bool compare = false;          // every technology of links.compare side by side
  std::string catalog;           // a baseline catalog (path; "" = the bundled one)
  double histogram_bin_m = 1.0;  // width of a bin of the cable-length histogram
  int threads = 0;

  static FieldTable<ClusterOptions> fields();
  void validate() const { check_fields(*this, fields()); }
};

}  // namespace mosaic::study

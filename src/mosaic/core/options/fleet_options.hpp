#pragma once

#include <cstdint>
#include <optional>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic fleet`: a Monte Carlo of a fleet of links over years.
struct FleetOptions {
  std::int64_t links = 600000;  // link positions in the fleet
  std::optional<double> years;  // observed (default: reliability.service_life_years)
  double confidence = 0.99;     // of every interval
  int threads = 0;

  static FieldTable<FleetOptions> fields();
  void validate() const { check_fields(*this, fields()); }
};

}  // namespace mosaic::study

#pragma once

#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::reliability {

// Link survival R(t) over the service life, closed form (model.hpp), at evenly spaced ages.
struct SurvivalCurve {
  std::vector<double> years;
  std::vector<double> reliability;
  double service_life_years = 0.0;
};

SurvivalCurve survival_curve(const LinkSpec& spec, int points = 61);

}  // namespace mosaic::reliability

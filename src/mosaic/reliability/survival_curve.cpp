#include "mosaic/reliability/survival_curve.hpp"

#include <cmath>

#include "mosaic/reliability/model.hpp"

namespace mosaic::reliability {

SurvivalCurve survival_curve(const LinkSpec& spec, int points) {
  const ReliabilityModel m = reliability_model(spec);
  SurvivalCurve c;
  c.service_life_years = spec.reliability.service_life_years;
  for (int i = 0; i < points; ++i) {
    const double y = c.service_life_years * i / (points - 1);
    c.years.push_back(y);
    c.reliability.push_back(std::exp(log_link_survival(m, y * 8760.0)));
  }
  return c;
}

}  // namespace mosaic::reliability

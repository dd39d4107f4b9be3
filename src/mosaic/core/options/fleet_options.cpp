#include "mosaic/core/options/fleet_options.hpp"

namespace mosaic::study {

FieldTable<FleetOptions> FleetOptions::fields() {
  using namespace schema;
  using O = FleetOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(integer<O>("links", &O::links, 1, 1e9, "", "Link positions in the fleet"));
    t.push_back(optional_real<O>("years", &O::years, 1e-3, 1000.0, "years",
                                 "Years observed (default: reliability.service_life_years)"));
    t.push_back(real<O>("confidence", &O::confidence, 0.5, 0.999999, "",
                        "Confidence level of every interval"));
    t.push_back(threads_field<O>(&O::threads));
    return t;
  }();
  return table;
}

}  // namespace mosaic::study

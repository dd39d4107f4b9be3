#include "mosaic/core/options/compare_options.hpp"

namespace mosaic::study {

FieldTable<CompareOptions> CompareOptions::fields() {
  using namespace schema;
  using O = CompareOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(optional_real<O>("reach_m", &O::reach_m, 0.0, 1e6, "m",
                                 "Cable length compared at (default: the design's fiber.length_m)"));
    t.push_back(path(text<O>("catalog", &O::catalog, "a baseline catalog (TOML)",
                             "Baseline technologies (default: the bundled data/baselines.toml)")));
    t.push_back(threads_field<O>(&O::threads));
    return t;
  }();
  return table;
}

}  // namespace mosaic::study

#include "mosaic/core/options/validate_options.hpp"

namespace mosaic::study {

FieldTable<ValidateOptions> ValidateOptions::fields() {
  using namespace schema;
  using O = ValidateOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(integer<O>("seeds", &O::seeds, 1, 10000, "",
                           "Array seeds per published point, 1..N (each another built module)"));
    t.push_back(threads_field<O>(&O::threads));
    t.push_back(boolean<O>("ensemble", &O::ensemble,
                           "Run every member of the calibration ensemble "
                           "(data/calibration_ensemble.toml), each over the seeds; exit 0 only "
                           "when every point holds on every member"));
    return t;
  }();
  return table;
}

}  // namespace mosaic::study

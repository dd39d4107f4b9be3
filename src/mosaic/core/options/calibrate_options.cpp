#include "mosaic/core/options/calibrate_options.hpp"

namespace mosaic::study {

FieldTable<CalibrateOptions> CalibrateOptions::fields() {
  using namespace schema;
  using O = CalibrateOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(integer<O>("seed", &O::seed, 0, 9007199254740991.0, "",
                           "The sampler's random stream (candidate k is drawn from (seed, k))"));
    t.push_back(integer<O>("candidates", &O::candidates, 0, 100000, "",
                           "Candidates drawn from the priors beside the nominal set"));
    t.push_back(integer<O>("acceptance_seeds", &O::acceptance_seeds, 1, 100, "",
                           "A candidate is kept when every published point holds at each of the "
                           "array seeds 1..N"));
    t.push_back(integer<O>("validation_seeds", &O::validation_seeds, 1, 10000, "",
                           "A candidate that passes is kept only if it then also passes validate "
                           "over the array seeds 1..N (each point at 95 % of them)"));
    t.push_back(integer<O>("max_members", &O::max_members, 1, 1000, "",
                           "Stop drawing once this many members (the nominal set included) are "
                           "kept"));
    t.push_back(path(text<O>("output", &O::output, "a file path",
                             "Write the ensemble (TOML) to this file instead of standard output")));
    t.push_back(threads_field<O>(&O::threads));
    return t;
  }();
  return table;
}

}  // namespace mosaic::study

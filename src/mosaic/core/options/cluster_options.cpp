#include "mosaic/core/options/cluster_options.hpp"

namespace mosaic::study {

FieldTable<ClusterOptions> ClusterOptions::fields() {
  using namespace schema;
  using O = ClusterOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(boolean<O>("compare", &O::compare,
                           "Also every technology of links.compare side by side: kW, link "
                           "failures per day, goodput, collective times"));
    t.push_back(path(text<O>("catalog", &O::catalog, "a baseline catalog (TOML)",
                             "Baseline technologies (default: the bundled data/baselines.toml)")));
    t.push_back(real<O>("histogram_bin_m", &O::histogram_bin_m, 0.01, 1000.0, "m",
                        "Width of a bin of the cable-length histogram"));
    t.push_back(threads_field<O>(&O::threads));
    return t;
  }();
  return table;
}

}  // namespace mosaic::study

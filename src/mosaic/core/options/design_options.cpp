#include "mosaic/core/options/design_options.hpp"

#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic::study {
namespace {

// A goal's range is the range of the design key it sets: one definition.
const FieldDesc& key(const char* name) {
  return *find_field(name);
}

}  // namespace

FieldTable<DesignOptions> DesignOptions::fields() {
  using namespace schema;
  using O = DesignOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(real<O>("payload_gbps", &O::payload_gbps, 800.0, 3200.0, "Gb/s",
                        "Ethernet payload: 800, 1600 or 3200 (the host interface of a preset)"));
    const FieldDesc& length = key("fiber.length_m");
    t.push_back(real<O>("reach_m", &O::reach_m, length.min, length.max, "m",
                        "Fiber length the design must close (fiber.length_m)"));
    const FieldDesc& temp = key("environment.case_temperature_c");
    t.push_back(optional_real<O>("temp_c", &O::temp_c, temp.min, temp.max, "degC",
                                 "Case temperature (environment.case_temperature_c; default: the "
                                 "preset's)"));
    t.push_back(optional_real<O>("max_fit", &O::max_fit, 1e-9, 1e12, "FIT",
                                 "Link FIT over the service life at most this (default: twice "
                                 "the preset's own at the same reach and temperature)"));
    t.push_back(real<O>("min_margin_db", &O::min_margin_db, -100.0, 100.0, "dB",
                        "Optical margin at least this, besides the verdict over the service "
                        "life (which every design must meet)"));
    t.push_back(path(text<O>("store", &O::store, "a file path",
                             "Also store every design tried (SQLite, as a sweep)")));
    t.push_back(
        path(text<O>("out", &O::out, "a file path", "Also write the winning design file here")));
    t.push_back(threads_field<O>(&O::threads,
                                 "Designs evaluated at once (0 = all cores); results "
                                 "do not depend on it"));
    return t;
  }();
  return table;
}

void DesignOptions::validate() const {
  check_fields(*this, fields());
  if (payload_gbps != 800.0 && payload_gbps != 1600.0 && payload_gbps != 3200.0)
    throw ConfigError("payload_gbps", format_number(payload_gbps), "800, 1600 or 3200");
}

}  // namespace mosaic::study

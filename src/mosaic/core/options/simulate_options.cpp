#include "mosaic/core/options/simulate_options.hpp"

namespace mosaic {
namespace study {

FieldTable<SimulateOptions> SimulateOptions::fields() {
  using namespace schema;
  using O = SimulateOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(choice<O>("method", &O::method,
                          "BER engines: stat = the statistical eye; mc = also the bit-true Monte "
                          "Carlo engine (the design's mc.* keys: mode and stop rules)"));
    t.push_back(boolean<O>("margin", &O::margin,
                           "Search the optical margin (re-evaluates the weakest active channels)"));
    t.push_back(boolean<O>("link_budget", &O::link_budget,
                           "The link budget (launch, losses, received, sensitivity at KP4 and "
                           "1e-12, penalties, margin) of the median and the 16 weakest active "
                           "channels"));
    t.push_back(boolean<O>("link_budget_every", &O::link_budget_every,
                           "The link budget of every active channel: each one's limiting "
                           "impairment and margin in the channel table (JSON, channels.csv) and "
                           "a row per channel in link_budget.csv (about 1.5 s more on 2 cores "
                           "for the 800G design)"));
    t.push_back(boolean<O>("degradation", &O::degradation,
                           "Age the microLEDs over the service life, re-evaluate every channel at "
                           "reliability.degradation_steps points and swap in spares"));
    t.push_back(boolean<O>("all_bathtubs", &O::all_bathtubs,
                           "Every channel's bathtub curves in the record (default: the worst "
                           "active channel's)"));
    t.push_back(list<O>("mc_channels", &O::mc_channels, "channels N or ranges A-B",
                        "Channels Monte Carlo counts errors on (default: every live channel)",
                        parse_channel_range, format_channel_range));
    t.push_back(list<O>("eye_channels", &O::eye_channels, "channels N or ranges A-B",
                        "Channels whose Monte Carlo eye diagram is kept (runs Monte Carlo)",
                        parse_channel_range, format_channel_range));
    t.push_back(optional_integer<O>("eye_stat", &O::eye_stat, 0, 1 << 24, "",
                                    "A live channel whose statistical eye (BER over phase and "
                                    "threshold) rides along in the record"));
    t.push_back(threads_field<O>(&O::threads));
    t.push_back(boolean<O>("calibration_ranges", &O::calibration_ranges,
                           "The headline figures' ranges over the calibration ensemble "
                           "(data/calibration_ensemble.toml): margin, worst BER, usable spares, "
                           "FIT and reach, the decisive channels re-evaluated per member"));
    return t;
  }();
  return table;
}

}  // namespace study
}  // namespace mosaic

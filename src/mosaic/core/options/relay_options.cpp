#include "mosaic/core/options/relay_options.hpp"

#include "mosaic/core/error.hpp"

namespace mosaic::study {

FieldTable<RelayOptions> RelayOptions::fields() {
  using namespace schema;
  using O = RelayOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(real<O>("gbits", &O::gbits, 1e-6, 1e6, "Gb",
                        "Host traffic to relay (rounded up to whole marker periods)"));
    t.push_back(optional_real<O>("ber", &O::ber, 0.0, 0.5, "", "Background BER on every channel"));
    t.push_back(path(text<O>("phy", &O::phy, "a `mosaic simulate` JSON report",
                             "Per-channel BERs and dead pixels from a simulate report")));
    t.push_back(boolean<O>("physics", &O::physics,
                           "Per-channel BERs from evaluating this design's physics first (as "
                           "phy with the simulate report of the same design and seed)"));
    t.push_back(list<O>("failures", &O::failures, "CH@SECONDS, e.g. 17@0.002",
                        "Channel CH dies SECONDS into the run (link-up included)",
                        parse_timed_failure, format_timed_failure));
    t.push_back(integer<O>("fail_random", &O::fail_random, 0, 4095, "",
                           "Active channels that die at random times in service (after link-up, "
                           "early enough for their swaps to complete within the run)"));
    t.push_back(threads_field<O>(&O::threads, "Worker threads for physics (0 = all cores); "
                                              "results do not depend on it"));
    return t;
  }();
  return table;
}

void RelayOptions::validate() const {
  check_fields(*this, fields());
  const int sources = int(ber.has_value()) + int(!phy.empty()) + int(physics);
  if (sources > 1)
    throw ConfigError(ber ? "ber" : "phy", "together with " + std::string(physics ? "physics" : "phy"),
                      "one source of per-channel BERs: ber, phy or physics");
}

}  // namespace mosaic::study

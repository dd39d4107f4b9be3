#include "mosaic/core/options/studies.hpp"

#include "mosaic/core/options/cable_options.hpp"
#include "mosaic/core/options/calibrate_options.hpp"
#include "mosaic/core/options/cluster_options.hpp"
#include "mosaic/core/options/compare_options.hpp"
#include "mosaic/core/options/design_options.hpp"
#include "mosaic/core/options/fleet_options.hpp"
#include "mosaic/core/options/relay_options.hpp"
#include "mosaic/core/options/report_options.hpp"
#include "mosaic/core/options/simulate_options.hpp"
#include "mosaic/core/options/sweep_options.hpp"
#include "mosaic/core/options/validate_options.hpp"

namespace mosaic::study {
namespace {

template <class Options>
StudyInfo info(std::string name, std::string doc) {
  StudyInfo s{std::move(name), std::move(doc), {}, {}};
  const Options defaults{};
  for (const auto& f : Options::fields()) {
    s.fields.push_back(&f);
    s.default_values.push_back(f.get(defaults));
  }
  return s;
}

}  // namespace

const std::vector<StudyInfo>& studies() {
  static const std::vector<StudyInfo> list = {
      info<SimulateOptions>("simulate", "Every channel of a design through the physics"),
      info<ValidateOptions>("validate", "The model at each published measurement"),
      info<CalibrateOptions>("calibrate",
                             "An ensemble of parameter sets that reproduce the published points"),
      info<RelayOptions>("relay", "A host stream through the bit-exact link layer"),
      info<CableOptions>("cable", "Two TAP interfaces joined through the link layer"),
      info<CompareOptions>("compare", "The design beside every baseline technology"),
      info<FleetOptions>("fleet", "Monte Carlo of a fleet of links over years"),
      info<ClusterOptions>("cluster", "What the link technologies do to an AI cluster"),
      info<SweepOptions>("sweep", "Every point of a sweep into an SQLite store"),
      info<ParetoOptions>("pareto", "The non-dominated points of a store"),
      info<DesignOptions>("design", "The fewest watts per end that meet the constraints"),
      info<ReportOptions>("report", "An HTML page of a record or a store"),
  };
  return list;
}

const StudyInfo* find_study(const std::string& name) {
  for (const auto& s : studies())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace mosaic::study

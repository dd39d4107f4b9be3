#pragma once

#include <optional>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/evaluate/stat_eye_figure.hpp"
#include "mosaic/power/baseline.hpp"
#include "mosaic/power/compare.hpp"
#include "mosaic/reliability/fleet.hpp"
#include "mosaic/reliability/survival_curve.hpp"

namespace mosaic {

// The figures a page draws beyond its record, each a pure function of the record's design and
// seed: computed here, by the study that asks for the page, and handed to pages/ as values (a
// page computes nothing).
struct PageFiguresRequest {
  std::optional<int> stat_eye_channel;              // this channel's statistical-eye grid
  std::optional<double> stat_eye_phase_ui;          // ... its point at this phase (the record's)
  const power::BaselineCatalog* catalog = nullptr;  // the design beside the baselines
  bool fleet = false;                               // `mosaic fleet` with its defaults
  bool survival = false;                            // link survival over the service life
};

struct PageFigures {
  std::optional<StatEyeFigure> stat_eye;
  std::optional<power::Comparison> comparison;
  std::string catalog_origin;
  std::optional<reliability::FleetResult> fleet;
  std::optional<reliability::SurvivalCurve> survival;
};

PageFigures page_figures(const LinkSpec& spec, const PageFiguresRequest& request);

}  // namespace mosaic

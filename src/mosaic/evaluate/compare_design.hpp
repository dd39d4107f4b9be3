#pragma once

#include <optional>

#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/power/baseline.hpp"
#include "mosaic/power/compare.hpp"

namespace mosaic {

// The evaluated design beside every baseline of the catalog at a cable length (m), as `mosaic
// compare` and the HTML report put them side by side.
// `reach_m`: the design's physical reach (evaluate/reach.hpp); without it the rated reach.
power::Comparison compare_design(const Evaluation& evaluation,
                                 const power::BaselineCatalog& catalog, double cable_m,
                                 std::optional<double> reach_m = std::nullopt);

}  // namespace mosaic

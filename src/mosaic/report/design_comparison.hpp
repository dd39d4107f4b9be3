#pragma once

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/power/baseline.hpp"
#include "mosaic/power/compare.hpp"

namespace mosaic::report {

// The design beside every baseline of the catalog at a cable length (m): the one place where a
// design's power, reliability and latency become the figures `mosaic compare` and the HTML report
// put next to the baselines.
power::Comparison compare_design(const LinkSpec& spec, const power::BaselineCatalog& catalog,
                                 double cable_m);

}  // namespace mosaic::report

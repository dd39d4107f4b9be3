#pragma once

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/options/compare_options.hpp"
#include "mosaic/power/baseline.hpp"
#include "mosaic/power/compare.hpp"

namespace mosaic {

// The compare study: the design evaluated (lanes, power, reliability) and set beside every
// baseline of the catalog (read by the front end from options.catalog) at options.reach_m, else
// at the design's fiber length. The design is the last row.
power::Comparison compare(const LinkSpec& spec, const study::CompareOptions& options,
                          const power::BaselineCatalog& catalog);

}  // namespace mosaic

#pragma once

#include <optional>

#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/power/compare.hpp"

namespace mosaic {

// The design's row in a technology comparison: payload rate, reach (its physical reach when
// given, else its rated reach, said so), watts per end, link FIT at its case temperature and the
// latency its electronics add, all from one evaluation.
power::DesignFigures design_figures(const Evaluation& evaluation,
                                    std::optional<double> reach_m = std::nullopt);

}  // namespace mosaic

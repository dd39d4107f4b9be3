#pragma once

#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/power/compare.hpp"

namespace mosaic {

// The design's row in a technology comparison: payload rate, rated reach, watts per end, link FIT
// and the latency its electronics add, all from one evaluation.
power::DesignFigures design_figures(const Evaluation& evaluation);

}  // namespace mosaic

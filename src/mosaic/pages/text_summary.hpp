#pragma once

#include <string>

#include "mosaic/evaluate/calibration_ranges.hpp"
#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic::pages {

// A short, readable summary of a report for the terminal; with `ranges`, each headline figure
// shows its calibration range beside it.
std::string text_summary(const Evaluation& evaluation, const CalibrationRanges* ranges = nullptr);

}  // namespace mosaic::pages

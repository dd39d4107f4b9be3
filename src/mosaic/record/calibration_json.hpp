#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/evaluate/calibration_ranges.hpp"

namespace mosaic::record {

// The ranges beside the figures of a simulate record: link.optical_margin_db_range,
// link.log10_worst_ber_range, link.worst_ber_range, reliability.spares_usable_range,
// reliability.link_fit_range, and a `calibration` section (the ensemble's size, the channels
// re-evaluated, the reach with its range, every member's figures).
void add_calibration_ranges(nlohmann::json& record, const CalibrationRanges& ranges);

}  // namespace mosaic::record

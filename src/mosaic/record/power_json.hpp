#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/power/compare.hpp"
#include "mosaic/power/power_budget.hpp"

namespace mosaic::record {

// The report's `power` section: per_end_w, per_link_w, pj_per_bit, blocks (name, w, scaling),
// the laser/DSP reference and the saving against it, assumptions. Watts, pJ/bit, fractions.
// Under power.analog_model = drive also `channel`: one channel's parts (W) and the LED rail (V).
nlohmann::json power_to_json(const power::PowerBudget& budget);

// The report's `led_drive` section: what one LED's launch costs (mA, V, mW, A/cm^2, GHz).
nlohmann::json led_drive_to_json(const phy::LedDrive& drive);

// `mosaic compare --json`: cable length, rate class, one row per technology and the design.
nlohmann::json comparison_to_json(const power::Comparison& comparison);

}  // namespace mosaic::record

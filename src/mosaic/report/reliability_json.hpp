#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/reliability/degradation.hpp"
#include "mosaic/reliability/fleet.hpp"
#include "mosaic/reliability/link_reliability.hpp"

namespace mosaic::report {

// The report's `reliability` section: link_fit, afr, mttf_h (null when infinite), reliability over
// life, the channel / common split, the Markov results (null with wear-out), assumptions.
nlohmann::json reliability_to_json(const reliability::LinkReliability& r);

// `mosaic fleet --json`: totals, per-year failures with intervals, time between failures.
// Infinite times between failures (no failure seen) are written as null.
nlohmann::json fleet_to_json(const reliability::FleetResult& f);

// Degradation over life: spares used, worst BER, per-step table.
nlohmann::json degradation_to_json(const reliability::DegradationResult& d);

}  // namespace mosaic::report

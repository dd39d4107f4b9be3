#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/reliability/degradation.hpp"
#include "mosaic/reliability/fleet.hpp"
#include "mosaic/reliability/link_reliability.hpp"

namespace mosaic::record {

// JSON has no infinity, and null would not say why a figure is missing. An unbounded time
// (mttf_h, mtbf_h, an interval bound, failure_age_years: nothing is expected to fail, or no failure
// was seen) is the string "never"; an unbounded rate (link_fit, fleet_fit and their contributions:
// the link fails with certainty within the service life) is the string "certain"; a figure the
// model cannot define (0/0) is "undefined". Every other value is a plain number.
inline constexpr const char* kNever = "never";
inline constexpr const char* kCertain = "certain";
inline constexpr const char* kUndefined = "undefined";
nlohmann::json hours_or_never(double hours);
nlohmann::json fit_or_certain(double fit);

// The report's `reliability` section: link_fit, afr, mttf_h, reliability over life, the channel /
// common split, the Markov results (null with wear-out), assumptions.
nlohmann::json reliability_to_json(const reliability::LinkReliability& r);

// `mosaic fleet --json`: totals, per-year failures with intervals, time between failures.
// Infinite times between failures (no failure seen) are written as "never".
nlohmann::json fleet_to_json(const reliability::FleetResult& f);

// Degradation over life: spares used, worst BER, per-step table.
nlohmann::json degradation_to_json(const reliability::DegradationResult& d);

}  // namespace mosaic::record

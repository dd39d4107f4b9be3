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
// model cannot define (0/0) is "undefined"; a figure an estimator refuses to give (importance
// sampling on a channel it cannot bias, mc_refusal saying why) is "refused". Every other value is
// a plain number: no record holds null.
inline constexpr const char* kNever = "never";
inline constexpr const char* kCertain = "certain";
inline constexpr const char* kUndefined = "undefined";
inline constexpr const char* kRefused = "refused";
nlohmann::json hours_or_never(double hours);
nlohmann::json fit_or_certain(double fit);
// A ratio or other figure that is a number or, when 0/0 or infinite, "undefined".
nlohmann::json number_or_undefined(double value);

// The report's `reliability` section: link_fit, afr, mttf_h, reliability over life, the channel /
// common split, the Markov results ("undefined" with wear-out: the chain's constant rates
// cannot describe an ageing part), assumptions.
nlohmann::json reliability_to_json(const reliability::LinkReliability& r);

// `mosaic fleet --json`: totals, per-year failures with intervals, time between failures.
// Infinite times between failures (no failure seen) are written as "never".
nlohmann::json fleet_to_json(const reliability::FleetResult& f);

// `led_ageing`: where the pixels run (case and junction temperature, heat, the effective current
// density) and the decay rate and end-of-life loss of the ageing law there.
nlohmann::json led_ageing_to_json(const reliability::LedAgeing& a, const ReliabilitySpec& spec);

// Degradation over life: spares used, worst BER, per-step table.
nlohmann::json degradation_to_json(const reliability::DegradationResult& d);

}  // namespace mosaic::record

#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/evaluate/simulate_study.hpp"
#include "mosaic/link/relay.hpp"
#include "mosaic/power/compare.hpp"
#include "mosaic/reliability/fleet.hpp"
#include "mosaic/reliability/link_reliability.hpp"
#include "mosaic/record/report_json.hpp"

namespace mosaic::record {

// The whole record of each study, header first (header_json): what --json prints, what Python
// reads and what `mosaic report` draws.

// kind "simulate": to_json(Evaluation), with the statistical-eye grid asked for as `stat_eye`.
nlohmann::json simulate_record(const SimulateResult& result, const JsonOptions& options);

// kind "relay": relay_to_json's counters, FEC outcome, link state and events.
nlohmann::json relay_record(const link::RelayResult& result, std::string_view command,
                            const LinkSpec& spec);
// kind "compare": the rows of comparison_to_json and the catalog they came from.
nlohmann::json compare_record(const power::Comparison& comparison,
                              const std::string& catalog_origin, std::string_view command,
                              const LinkSpec& spec);
// kind "fleet": fleet_to_json, with the closed-form link reliability beside it.
nlohmann::json fleet_record(const reliability::FleetResult& fleet,
                            const reliability::LinkReliability& closed_form,
                            std::string_view command, const LinkSpec& spec);

}  // namespace mosaic::record

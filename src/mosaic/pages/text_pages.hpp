#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mosaic/evaluate/calibration.hpp"
#include "mosaic/evaluate/validation.hpp"
#include "mosaic/link/relay.hpp"
#include "mosaic/power/compare.hpp"

namespace mosaic::pages {

// The terminal's view of each study's result: formats what it is handed, computes nothing.

// `mosaic relay`: counters, map-outs, swaps, host FEC outcome, link state.
std::string relay_text(const link::RelayResult& result);

// `mosaic compare`: one row per technology and the design (the last row).
std::string compare_text(const power::Comparison& comparison, const std::string& catalog_origin);

// `mosaic fleet`: per-year failures with intervals and the closed form beside them, from the
// fleet record (record::fleet_record).
std::string fleet_text(const nlohmann::json& fleet_record);

// `mosaic cluster`: the cluster, its technologies, cables per tier, power, failures, goodput,
// collectives, the fleet saving and (with --compare) the choices side by side, from the cluster
// record (record::cluster_record).
std::string cluster_text(const nlohmann::json& cluster_record);

// `mosaic validate`: each published point beside the model's figures over the seeds.
std::string validation_text(const std::vector<ValidationPoint>& points);

// `mosaic validate --ensemble`: one line per member (its points' median BERs and seeds passing).
std::string ensemble_validation_text(const std::vector<MemberValidation>& members,
                                     const CalibrationEnsemble& ensemble);

// `mosaic calibrate` with an output file: what was drawn and kept, and each parameter's spread.
std::string calibration_text(const CalibrationEnsemble& ensemble);

}  // namespace mosaic::pages

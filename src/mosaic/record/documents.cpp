#include "mosaic/record/documents.hpp"

#include "mosaic/link/latency.hpp"
#include "mosaic/record/calibration_json.hpp"
#include "mosaic/record/figures_json.hpp"
#include "mosaic/record/power_json.hpp"
#include "mosaic/record/relay_json.hpp"
#include "mosaic/record/reliability_json.hpp"
#include "mosaic/record/report_json.hpp"

namespace mosaic::record {

nlohmann::json simulate_record(const SimulateResult& result, const JsonOptions& options) {
  nlohmann::json j = to_json(result.evaluation, options);
  if (result.calibration) add_calibration_ranges(j, *result.calibration);
  // The grid rides along only when asked for (it is 4096 numbers).
  if (result.stat_eye) j["stat_eye"] = stat_eye_to_json(*result.stat_eye);
  return j;
}

nlohmann::json relay_record(const link::RelayResult& result, std::string_view command,
                            const LinkSpec& spec) {
  nlohmann::json j = header_json("relay", command, spec);
  j.update(relay_to_json(result));
  j["latency"] = latency_to_json(link::link_latency(spec));
  return j;
}

nlohmann::json compare_record(const power::Comparison& comparison,
                              const std::string& catalog_origin, std::string_view command,
                              const LinkSpec& spec) {
  nlohmann::json j = header_json("compare", command, spec);
  j.update(comparison_to_json(comparison));
  j["catalog"] = catalog_origin;
  return j;
}

nlohmann::json fleet_record(const reliability::FleetResult& fleet,
                            const reliability::LinkReliability& closed_form,
                            std::string_view command, const LinkSpec& spec) {
  nlohmann::json j = header_json("fleet", command, spec);
  j.update(fleet_to_json(fleet));
  j["closed_form"] = reliability_to_json(closed_form);
  return j;
}

}  // namespace mosaic::record

#include "mosaic/record/calibration_json.hpp"

#include <cmath>

#include "mosaic/record/reliability_json.hpp"

namespace mosaic::record {
namespace {

nlohmann::json pair_of(const FigureRange& r) {
  return nlohmann::json::array({r.lo, r.hi});
}

}  // namespace

void add_calibration_ranges(nlohmann::json& j, const CalibrationRanges& r) {
  auto& link = j["link"];
  if (r.margin) link["optical_margin_db_range"] = pair_of(r.optical_margin_db);
  link["log10_worst_ber_range"] = pair_of(r.log10_worst_ber);
  link["worst_ber_range"] = nlohmann::json::array(
      {std::pow(10.0, r.log10_worst_ber.lo), std::pow(10.0, r.log10_worst_ber.hi)});
  auto& rel = j["reliability"];
  rel["spares_usable_range"] = nlohmann::json::array(
      {static_cast<int>(r.usable_spares.lo), static_cast<int>(r.usable_spares.hi)});
  rel["link_fit_range"] =
      nlohmann::json::array({fit_or_certain(r.link_fit.lo), fit_or_certain(r.link_fit.hi)});
  nlohmann::json members = nlohmann::json::array();
  for (const auto& m : r.per_member)
    members.push_back(
        {{"member", m.member},
         {"optical_margin_db", m.optical_margin_db ? nlohmann::json(*m.optical_margin_db)
                                                   : nlohmann::json("unreachable")},
         {"log10_worst_ber", m.log10_worst_ber},
         {"spares_usable", m.usable_spares},
         {"link_fit", fit_or_certain(m.link_fit)},
         {"kp4_reach_now_m", m.reach_m}});
  j["calibration"] = {{"ensemble", "data/calibration_ensemble.toml"},
                      {"members", r.members},
                      {"candidates", r.candidates},
                      {"acceptance_seeds", r.acceptance_seeds},
                      {"validation_seeds", r.validation_seeds},
                      {"channels", r.channels},
                      {"margin_unreachable_members", r.margin_unreachable_members},
                      {"kp4_reach_now_m", r.reach_m},
                      {"kp4_reach_now_m_range", pair_of(r.reach_m_range)},
                      {"kp4_reach_now_tolerance_m", kCalibrationReachToleranceM},
                      {"per_member", std::move(members)}};
}

}  // namespace mosaic::record

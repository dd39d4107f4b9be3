#include "mosaic/record/session_json.hpp"

namespace mosaic::record {

nlohmann::json session_to_json(const link::SessionStats& s, SessionJson detail) {
  using nlohmann::json;
  json reasons = json::array();
  if (s.state_reasons & link::kReasonCodewordsLost) reasons.push_back("codewords_lost");
  if (s.state_reasons & link::kReasonNoSpare) reasons.push_back("no_spare");
  if (s.state_reasons & link::kReasonErasures) reasons.push_back("erasures");
  if (s.state_reasons & link::kReasonResidualBer) reasons.push_back("post_ecc_ber");
  const link::HostFecOutcome& f = s.fec;
  json j = {
      {"ecc_corrected_bits", s.ecc_corrected_bits},
      {"ecc_uncorrectable_bit_times", s.ecc_uncorrectable_bit_times},
      {"flagged_rows", s.flagged_rows},
      {"host_fec", s.host_fec},
      {"fec_codewords", f.codewords},
      {"fec_codewords_clean", f.clean},
      {"fec_codewords_corrected", f.corrected},
      {"fec_codewords_uncorrectable", f.uncorrectable},
      {"fec_codewords_miscorrected", f.miscorrected},
      {"fec_codewords_link_flagged", f.link_flagged},
      {"codeword_error_ratio", f.codeword_error_ratio},
      {"silent_codewords", f.silent},
      {"link_state", link::link_state_name(s.link_state)},
      {"worst_link_state", link::link_state_name(s.worst_state)},
      {"link_state_reasons", reasons},
      {"periods", s.periods},
      {"periods_degraded", s.periods_degraded},
      {"periods_down", s.periods_down},
      {"swap_count", s.swaps.size()},
      {"spares_left", s.spares_left},
      {"spares_exhausted_count", s.spares_exhausted.size()},
      {"mapped_out_count", s.mapped_out.size()},
      {"mapout_threshold_errors", s.mapout_threshold_errors},
      {"swap_threshold_errors", s.swap_threshold_errors},
  };
  if (detail == SessionJson::kCounters) return j;

  json swaps = json::array();
  for (const auto& e : s.swaps)
    swaps.push_back({{"time_s", e.time_s},
                     {"period", e.period},
                     {"decided_period", e.decided_period},
                     {"lane", e.lane},
                     {"from_channel", e.from_channel},
                     {"to_channel", e.to_channel},
                     {"corrected_in_window", e.corrected_in_window},
                     {"reason", link::verdict_name(e.reason)},
                     {"acknowledged", e.acknowledged}});
  json locks = json::array();
  for (const auto& e : s.locks)
    locks.push_back({{"time_s", e.time_s},
                     {"period", e.period},
                     {"port", e.port},
                     {"channel", e.channel},
                     {"locked", e.locked},
                     {"offset_ui", e.offset_ui}});
  json exhausted = json::array();
  for (const auto& e : s.spares_exhausted)
    exhausted.push_back(
        {{"time_s", e.time_s}, {"period", e.period}, {"lane", e.lane}, {"channel", e.channel}});
  json mapped_out = json::array();
  for (const auto& e : s.mapped_out_why)
    mapped_out.push_back({{"channel", e.channel},
                          {"reason", link::verdict_name(e.reason)},
                          {"training_bits", e.bits},
                          {"training_errors", e.errors}});
  j["swaps"] = swaps;
  j["lock_events"] = locks;
  j["spares_exhausted"] = exhausted;
  j["mapped_out"] = s.mapped_out;
  j["mapped_out_why"] = mapped_out;
  return j;
}

nlohmann::json deaths_to_json(const link::FaultSchedule& deaths) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : deaths) out.push_back({{"channel", d.channel}, {"time_s", d.time_s}});
  return out;
}

}  // namespace mosaic::record

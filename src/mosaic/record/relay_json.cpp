#include "mosaic/record/relay_json.hpp"

namespace mosaic::record {

nlohmann::json relay_to_json(const link::RelayResult& r) {
  using nlohmann::json;
  json swaps = json::array();
  for (const auto& e : r.swaps)
    swaps.push_back({{"time_s", e.time_s},
                     {"period", e.period},
                     {"decided_period", e.decided_period},
                     {"lane", e.lane},
                     {"from_channel", e.from_channel},
                     {"to_channel", e.to_channel},
                     {"corrected_in_window", e.corrected_in_window},
                     {"reason", link::verdict_name(e.reason)},
                     {"acknowledged", e.acknowledged}});
  json mapped_out = json::array();
  for (const auto& e : r.mapped_out_why)
    mapped_out.push_back({{"channel", e.channel},
                          {"reason", link::verdict_name(e.reason)},
                          {"training_bits", e.bits},
                          {"training_errors", e.errors}});
  json injected = json::array();
  for (const auto& f : r.injected)
    injected.push_back({{"channel", f.channel}, {"time_s", f.time_s}});
  json reasons = json::array();
  if (r.state_reasons & link::kReasonCodewordsLost) reasons.push_back("codewords_lost");
  if (r.state_reasons & link::kReasonNoSpare) reasons.push_back("no_spare");
  if (r.state_reasons & link::kReasonErasures) reasons.push_back("erasures");
  if (r.state_reasons & link::kReasonResidualBer) reasons.push_back("post_ecc_ber");
  json locks = json::array();
  for (const auto& e : r.locks)
    locks.push_back({{"time_s", e.time_s},
                     {"period", e.period},
                     {"port", e.port},
                     {"channel", e.channel},
                     {"locked", e.locked},
                     {"offset_ui", e.offset_ui}});
  json exhausted = json::array();
  for (const auto& e : r.spares_exhausted)
    exhausted.push_back(
        {{"time_s", e.time_s}, {"period", e.period}, {"lane", e.lane}, {"channel", e.channel}});
  const auto& f = r.fec;
  return {
      {"bits_in", r.bits_in},
      {"bits_out", r.bits_out},
      {"bit_exact", r.bit_exact},
      {"bit_errors", r.bit_errors},
      {"ecc_corrected_bits", r.ecc_corrected_bits},
      {"ecc_uncorrectable_bit_times", r.ecc_uncorrectable_bit_times},
      {"flagged_rows", r.flagged_rows},
      {"swaps", swaps},
      {"swap_count", r.swaps.size()},
      {"random_deaths", injected},
      {"lock_events", locks},
      {"spares_exhausted", exhausted},
      {"mapped_out", r.mapped_out},
      {"mapped_out_count", r.mapped_out.size()},
      {"mapped_out_why", mapped_out},
      {"mapout_threshold_errors", r.mapout_threshold_errors},
      {"swap_threshold_errors", r.swap_threshold_errors},
      {"post_ecc_ber", r.post_ecc_ber},
      {"host_fec", r.host_fec},
      {"fec_codewords", f.codewords},
      {"fec_codewords_clean", f.clean},
      {"fec_codewords_corrected", f.corrected},
      {"fec_codewords_uncorrectable", f.uncorrectable},
      {"fec_codewords_miscorrected", f.miscorrected},
      {"fec_codewords_link_flagged", f.link_flagged},
      {"codeword_error_ratio", f.codeword_error_ratio},
      {"frames", f.frames},
      {"frames_lost", f.frames_lost},
      {"frame_loss_ratio", f.frame_loss_ratio},
      {"analytic",
       {{"mean_symbol_error_probability", r.analytic.mean_symbol_error_probability},
        {"codeword_error_ratio", r.analytic.codeword_error_ratio},
        {"frame_loss_ratio", r.analytic.frame_loss_ratio},
        {"ecc_corrected_bits", r.predicted.corrected_bits},
        {"ecc_uncorrectable_bit_times", r.predicted.flagged_bit_times},
        {"post_ecc_ber", r.predicted.post_ecc_ber},
        {"down", r.predicted.down}}},
      {"link_state", link::link_state_name(r.link_state)},
      {"worst_link_state", link::link_state_name(r.worst_state)},
      {"link_state_reasons", reasons},
      {"periods", r.periods},
      {"periods_degraded", r.periods_degraded},
      {"periods_down", r.periods_down},
      {"silent_corruption", r.silent_corruption},
      {"silent_codewords", f.silent},
      {"data_lanes", r.data_lanes},
      {"ecc_lanes", r.ecc_lanes},
      {"ecc_groups", r.groups},
      {"spare_channels", r.spare_channels},
      {"simulated_s", r.simulated_s},
      {"wall_s", r.wall_s},
  };
}

}  // namespace mosaic::record

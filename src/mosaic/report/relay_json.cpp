#include "mosaic/report/relay_json.hpp"

namespace mosaic::report {

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
                     {"acknowledged", e.acknowledged}});
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
      {"lock_events", locks},
      {"spares_exhausted", exhausted},
      {"mapped_out", r.mapped_out},
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
        {"frame_loss_ratio", r.analytic.frame_loss_ratio}}},
      {"link_state", link::link_state_name(r.link_state)},
      {"worst_link_state", link::link_state_name(r.worst_state)},
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

}  // namespace mosaic::report

#include "mosaic/record/relay_json.hpp"

#include "mosaic/record/session_json.hpp"

namespace mosaic::record {

nlohmann::json relay_to_json(const link::RelayResult& r) {
  nlohmann::json j = session_to_json(r);
  j.update({
      {"bits_in", r.bits_in},
      {"bits_out", r.bits_out},
      {"bit_exact", r.bit_exact},
      {"bit_errors", r.bit_errors},
      {"beyond_deskew", r.beyond_deskew},
      {"random_deaths", deaths_to_json(r.injected)},
      {"post_ecc_ber", r.post_ecc_ber},
      {"frames", r.frames},
      {"frames_lost", r.frames_lost},
      {"frame_loss_ratio", r.frame_loss_ratio},
      {"analytic",
       {{"mean_symbol_error_probability", r.analytic.mean_symbol_error_probability},
        {"codeword_error_ratio", r.analytic.codeword_error_ratio},
        {"frame_loss_ratio", r.analytic.frame_loss_ratio},
        {"ecc_corrected_bits", r.predicted.corrected_bits},
        {"ecc_uncorrectable_bit_times", r.predicted.flagged_bit_times},
        {"post_ecc_ber", r.predicted.post_ecc_ber},
        {"down", r.predicted.down}}},
      {"silent_corruption", r.silent_corruption},
      {"data_lanes", r.data_lanes},
      {"ecc_lanes", r.ecc_lanes},
      {"ecc_groups", r.groups},
      {"spare_channels", r.spare_channels},
      {"simulated_s", r.simulated_s},
      {"wall_s", r.wall_s},
  });
  return j;
}

}  // namespace mosaic::record

#include <fmt/format.h>

#include "mosaic/pages/text_pages.hpp"

namespace mosaic::pages {

std::string relay_text(const link::RelayResult& r) {
  std::string out;
  out += fmt::format("bits in              {}\n", r.bits_in);
  out += fmt::format("bits out             {}\n", r.bits_out);
  out += fmt::format("bit-exact            {} ({} bit errors)\n", r.bit_exact ? "yes" : "no",
                     r.bit_errors);
  out += fmt::format("ECC corrected bits   {} (uncorrectable bit times {})\n",
                     r.ecc_corrected_bits, r.ecc_uncorrectable_bit_times);
  out += fmt::format("mapped out           {} at link-up\n", r.mapped_out.size());
  for (const auto& m : r.mapped_out_why)
    out += fmt::format("  channel {}: {} ({} errors in {} training bits)\n", m.channel,
                       link::verdict_name(m.reason), m.errors, m.bits);
  if (!r.beyond_deskew.empty())
    out += fmt::format(
        "deskew               {} channels lag beyond the deskew buffer (link.max_skew_ui): they "
        "cannot lock and were mapped out\n",
        r.beyond_deskew.size());
  out += fmt::format("swaps                {}\n", r.swaps.size());
  for (const auto& s : r.swaps)
    out += fmt::format("  {:.6f} s  lane {}: channel {} -> spare {} ({})\n", s.time_s, s.lane,
                       s.from_channel, s.to_channel, link::verdict_name(s.reason));
  if (!r.spares_exhausted.empty())
    out += fmt::format("no spare left        {} failing lanes kept as erasures\n",
                       r.spares_exhausted.size());
  out += fmt::format("post-ECC BER         {:.3g} (predicted {:.3g})\n", r.post_ecc_ber,
                     r.predicted.post_ecc_ber);
  out += fmt::format(
      "host FEC ({})       {} codewords: {} corrected, {} uncorrectable, {} silent\n", r.host_fec,
      r.fec.codewords, r.fec.corrected, r.fec.uncorrectable, r.fec.silent);
  out += fmt::format("codeword error ratio {:.3g} (analytic {:.3g})\n", r.fec.codeword_error_ratio,
                     r.analytic.codeword_error_ratio);
  out += fmt::format("frame loss ratio     {:.3g} (analytic {:.3g})\n", r.frame_loss_ratio,
                     r.analytic.frame_loss_ratio);
  std::string why;
  if (r.state_reasons & link::kReasonCodewordsLost) why += " codewords_lost";
  if (r.state_reasons & link::kReasonNoSpare) why += " no_spare";
  if (r.state_reasons & link::kReasonErasures) why += " erasures";
  if (r.state_reasons & link::kReasonResidualBer) why += " post_ecc_ber";
  out += fmt::format("link state           {} (worst {}; periods up {}, degraded {}, down {};{})\n",
                     link::link_state_name(r.link_state), link::link_state_name(r.worst_state),
                     r.periods - r.periods_degraded - r.periods_down, r.periods_degraded,
                     r.periods_down, why.empty() ? " no reason" : why);
  out += fmt::format("wall time            {:.2f} s\n", r.wall_s);
  return out;
}

}  // namespace mosaic::pages

#include "mosaic/record/session_json.hpp"

namespace mosaic::record {

namespace {

// Columns of one value per physical channel (index = channel): compact for hundreds of channels
// and a table as it stands (Python's to_pandas).
nlohmann::json channel_counters_to_json(const link::SessionStats& s) {
  const std::size_t n = s.channel_counters.size();
  std::vector<int> channel(n), lane(n);
  std::vector<std::uint64_t> carried(n), injected(n), corrected(n), gained(n), lost(n), out(n),
      in(n);
  std::vector<std::int64_t> periods(n);
  std::vector<std::string> role(n);
  std::vector<std::uint8_t> mapped(n, 0);
  for (int c : s.mapped_out)
    if (std::size_t(c) < n) mapped[std::size_t(c)] = 1;
  for (std::size_t c = 0; c < n; ++c) {
    const link::ChannelCounters& k = s.channel_counters[c];
    channel[c] = int(c);
    lane[c] = k.lane;
    carried[c] = k.bits_carried;
    injected[c] = k.bit_errors_injected;
    corrected[c] = k.ecc_corrected_bits;
    periods[c] = k.periods_carrying;
    gained[c] = k.locks_gained;
    lost[c] = k.locks_lost;
    out[c] = k.swapped_out;
    in[c] = k.swapped_in;
    role[c] = k.lane >= 0 ? "lane" : mapped[c] ? "mapped_out" : k.swapped_out ? "retired" : "spare";
  }
  return {{"channel", channel},
          {"role", role},
          {"lane", lane},
          {"bits_carried", carried},
          {"periods_carrying", periods},
          {"bit_errors_injected", injected},
          {"ecc_corrected_bits", corrected},
          {"locks_gained", gained},
          {"locks_lost", lost},
          {"swapped_out", out},
          {"swapped_in", in}};
}

nlohmann::json timeline_to_json(const link::SessionStats& s) {
  const auto& bins = s.timeline.bins;
  std::vector<std::int64_t> first(bins.size()), periods(bins.size()), degraded(bins.size()),
      down(bins.size());
  std::vector<double> start(bins.size());
  std::vector<std::string> worst(bins.size());
  std::vector<std::uint64_t> corrected(bins.size()), lost(bins.size());
  for (std::size_t i = 0; i < bins.size(); ++i) {
    const auto& b = bins[i];
    first[i] = b.first_period;
    start[i] = s.link_up_s + double(b.first_period) * s.period_s;
    periods[i] = b.periods;
    degraded[i] = b.periods_degraded;
    down[i] = b.periods_down;
    worst[i] = link::link_state_name(b.worst);
    corrected[i] = b.ecc_corrected_bits;
    lost[i] = b.codewords_lost;
  }
  return {{"periods_per_bin", s.timeline.periods_per_bin},
          {"max_bins", link::Timeline::kMaxBins},
          {"period_s", s.period_s},
          {"first_period", first},
          {"start_s", start},
          {"periods", periods},
          {"worst_link_state", worst},
          {"periods_degraded", degraded},
          {"periods_down", down},
          {"ecc_corrected_bits", corrected},
          {"codewords_lost", lost}};
}

}  // namespace

nlohmann::json session_to_json(const link::SessionStats& s, SessionJson detail) {
  using nlohmann::json;
  json reasons = json::array();
  if (s.state_reasons & link::kReasonCodewordsLost) reasons.push_back("codewords_lost");
  if (s.state_reasons & link::kReasonNoSpare) reasons.push_back("no_spare");
  if (s.state_reasons & link::kReasonErasures) reasons.push_back("erasures");
  if (s.state_reasons & link::kReasonResidualBer) reasons.push_back("post_ecc_ber");
  const link::HostFecOutcome& f = s.fec;
  // Bins 0..t as counted; everything past t (the codewords the host FEC lost) in one figure.
  json histogram = json::array();
  std::uint64_t beyond_t = 0;
  for (int k = 0; k < link::HostFecOutcome::kSymbolErrorBins; ++k) {
    if (k <= s.host_fec_t)
      histogram.push_back(f.symbol_errors[std::size_t(k)]);
    else
      beyond_t += f.symbol_errors[std::size_t(k)];
  }
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
      {"host_fec_t", s.host_fec_t},
      {"fec_symbol_error_histogram", histogram},
      {"fec_codewords_beyond_t", beyond_t},
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
  j["channel_counters"] = channel_counters_to_json(s);
  j["timeline"] = timeline_to_json(s);
  j["link_up_s"] = s.link_up_s;
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

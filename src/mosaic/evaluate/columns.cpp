#include "mosaic/evaluate/columns.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace mosaic {
namespace {

double ua(double a) {
  return a * 1e6;
}

std::vector<Column<ChannelRow>> build_channel_columns() {
  using R = const ChannelRow&;
  return {
      {"index", "row-major position in the array",
       [](R r) -> CellValue { return std::int64_t{r.channel.index}; }},
      {"row", "array row", [](R r) -> CellValue { return std::int64_t{r.channel.row}; }},
      {"col", "array column", [](R r) -> CellValue { return std::int64_t{r.channel.col}; }},
      {"role", "data, ecc, spare or dead",
       [](R r) -> CellValue { return std::string(role_name(r.role)); }},
      {"ber", "bit error ratio at the chosen phase and threshold",
       [](R r) -> CellValue { return ber_from_log10(r.channel.log10_ber); }},
      {"log10_ber", "log10 of the BER; exact far below 1e-308",
       [](R r) -> CellValue { return r.channel.log10_ber; }},
      {"q", "Q with the same BER", [](R r) -> CellValue { return r.channel.q; }},
      {"eye_height", "vertical opening at BER 2.4e-4, fraction of the signal swing",
       [](R r) -> CellValue {
         const double swing = r.channel.signal_a > 0 ? r.channel.signal_a : 1.0;
         return r.channel.dead ? 0.0 : r.channel.eye_height_a / swing;
       }},
      {"eye_width_ui", "horizontal opening at BER 2.4e-4, UI",
       [](R r) -> CellValue { return r.channel.eye_width_ui; }},
      {"eye_height_ua", "vertical opening at BER 2.4e-4, uA",
       [](R r) -> CellValue { return ua(r.channel.eye_height_a); }},
      {"eye_height_1e12_ua", "vertical opening at BER 1e-12, uA",
       [](R r) -> CellValue { return ua(r.channel.eye_height_1e12_a); }},
      {"eye_width_1e12_ui", "horizontal opening at BER 1e-12, UI",
       [](R r) -> CellValue { return r.channel.eye_width_1e12_ui; }},
      {"launch_power_dbm", "this LED's mean optical power, dBm",
       [](R r) -> CellValue { return r.channel.launch_power_dbm; }},
      {"received_power_dbm", "mean optical power on the photodiode, dBm",
       [](R r) -> CellValue { return r.channel.received_power_dbm; }},
      {"led_f3db_ghz", "this LED's small-signal bandwidth, GHz",
       [](R r) -> CellValue { return r.channel.f3db_led_ghz; }},
      {"skew_ps", "arrival-time offset, ps", [](R r) -> CellValue { return r.channel.skew_ps; }},
      {"crosstalk_db", "leakage from the live neighbours relative to own power, dB",
       [](R r) -> CellValue { return r.channel.crosstalk_db; }},
      {"sampling_phase_ui", "chosen phase relative to the pulse peak, UI",
       [](R r) -> CellValue { return r.channel.sampling_phase_ui; }},
      {"threshold_ua", "chosen decision threshold, uA",
       [](R r) -> CellValue { return ua(r.channel.threshold_a); }},
      {"signal_ua", "main-cursor swing, uA",
       [](R r) -> CellValue { return ua(r.channel.signal_a); }},
      {"noise_rms_ua", "rms receiver noise at the 0 level, uA",
       [](R r) -> CellValue { return ua(r.channel.noise_rms_a); }},
  };
}

std::vector<EvaluationColumn> build_evaluation_columns() {
  using E = const Evaluation&;
  std::vector<EvaluationColumn> out;
  auto add = [&](std::string name, std::string doc, std::function<CellValue(E)> get) {
    EvaluationColumn c;
    c.name = std::move(name);
    c.doc = std::move(doc);
    c.get = std::move(get);
    out.push_back(std::move(c));
    return &out.back();
  };
  auto count = [&](std::string name, std::string doc, std::function<CellValue(E)> get) {
    EvaluationColumn* c = add(std::move(name), std::move(doc), std::move(get));
    c->integer = true;
    return c;
  };
  count("channels", "pixels of the array",
        [](E e) -> CellValue { return std::int64_t{e.link().channels}; });
  count("dead", "dead pixels", [](E e) -> CellValue { return std::int64_t{e.link().dead}; });
  count("data", "data channels", [](E e) -> CellValue { return std::int64_t{e.link().data}; });
  count("ecc", "ECC channels", [](E e) -> CellValue { return std::int64_t{e.link().ecc}; });
  count("spare", "live spare channels",
        [](E e) -> CellValue { return std::int64_t{e.link().spare}; });
  count("spare_usable", "spares whose BER meets the KP4 pre-FEC limit",
        [](E e) -> CellValue { return std::int64_t{e.link().spare_usable}; });
  count("active_short", "data + ECC channels wanted but not available",
        [](E e) -> CellValue { return std::int64_t{e.link().active_short}; });
  add("median_ber", "median BER over the active channels",
      [](E e) -> CellValue { return ber_from_log10(e.link().log10_median_ber); });
  add("mean_ber", "mean BER over the active channels",
      [](E e) -> CellValue { return ber_from_log10(e.link().log10_mean_ber); });
  add("worst_ber", "worst active channel's BER",
      [](E e) -> CellValue { return ber_from_log10(e.link().log10_worst_ber); });
  add("log10_median_ber", "log10 of the median BER",
      [](E e) -> CellValue { return e.link().log10_median_ber; });
  add("log10_mean_ber", "log10 of the mean BER",
      [](E e) -> CellValue { return e.link().log10_mean_ber; });
  add("log10_worst_ber", "log10 of the worst BER",
      [](E e) -> CellValue { return e.link().log10_worst_ber; });
  count("over_threshold", "active channels above the KP4 pre-FEC limit",
        [](E e) -> CellValue { return std::int64_t{e.link().over_threshold}; });
  add("threshold_ber", "the KP4 pre-FEC limit", [](E) -> CellValue { return link::kKp4PreFecBer; });
  add("optical_margin_db",
      "launch power that can be lost before the worst active channel reaches the limit, dB",
      [](E e) -> CellValue { return e.link().optical_margin_db; })
      ->present = [](E e) { return e.link().margin_computed && e.link().margin_reachable; };
  count("margin_reachable",
        "some launch power reaches the limit (false: an ISI or crosstalk floor above it)",
        [](E e) -> CellValue { return e.link().margin_reachable; })
      ->present = [](E e) { return e.link().margin_computed; };
  add("optical_margin_end_of_life_db",
      "optical margin of the link at the end of its service life, its LEDs aged and its swaps "
      "made, dB",
      [](E e) -> CellValue { return e.end_of_life->optical_margin_db.value_or(0.0); })
      ->present = [](E e) {
    return e.end_of_life && e.end_of_life->margin_computed &&
           e.end_of_life->optical_margin_db.has_value();
  };
  add("line_rate_gbps", "per-channel line rate, Gb/s",
      [](E e) -> CellValue { return e.link().line_rate_gbps; });
  add("required_line_rate_gbps", "line rate the host stream needs per data channel, Gb/s",
      [](E e) -> CellValue { return e.link().required_line_rate_gbps; });
  count("capacity_ok", "the data channels carry the host stream",
        [](E e) -> CellValue { return e.link().capacity_ok; });
  add("latency_ns", "fiber flight time, ns", [](E e) -> CellValue { return e.link().latency_ns; });
  add("electronics_latency_ns",
      "added by both ends' electronics (serializer, markers, deskew, logic), ns",
      [](E e) -> CellValue { return e.link().electronics_latency_ns; });
  add("ctle_peaking_db", "the link's equalizer peaking, dB",
      [](E e) -> CellValue { return e.phy.ctle_peaking_db; });
  add("noise_bandwidth_ghz", "receiver noise bandwidth, GHz",
      [](E e) -> CellValue { return e.phy.noise_bandwidth_hz * 1e-9; });
  add("fiber_sigma_ps", "rms of the fiber's impulse response, ps",
      [](E e) -> CellValue { return e.phy.fiber_sigma_ps; });
  add("fiber_sigma_cd_ps", "chromatic part, ps",
      [](E e) -> CellValue { return e.phy.fiber_sigma_cd_ps; });
  add("fiber_sigma_md_ps", "modal part, ps",
      [](E e) -> CellValue { return e.phy.fiber_sigma_md_ps; });
  add("crosstalk_adjacent_db", "leakage from each edge neighbour, dB", [](E e) -> CellValue {
    return e.phy.kappa_adjacent > 0 ? 10 * std::log10(e.phy.kappa_adjacent) : -200.0;
  });
  add("crosstalk_diagonal_db", "leakage from each diagonal neighbour, dB", [](E e) -> CellValue {
    return e.phy.kappa_diagonal > 0 ? 10 * std::log10(e.phy.kappa_diagonal) : -200.0;
  });
  count("meets", "the verdict: meets now and at end of life (evaluate/verdict.hpp)",
        [](E e) -> CellValue { return e.verdict.meets; });
  count("meets_now", "the verdict at start of life",
        [](E e) -> CellValue { return e.verdict.meets_now; });
  add("fails_at_years", "first age at which the verdict fails (0: now), years",
      [](E e) -> CellValue { return e.verdict.fails_at_years.value_or(0.0); })
      ->present = [](E e) { return e.verdict.fails_at_years.has_value(); };
  add("skew_spread_ui", "latest minus earliest live channel's arrival, UI",
      [](E e) -> CellValue { return e.phy.skew_spread_ui; });
  add("skew_group_spread_ui", "largest arrival spread within one clock group (array row), UI",
      [](E e) -> CellValue { return e.phy.skew_group_spread_ui; });
  count("skew_within_buffer", "the skew spread fits the deskew buffer (link.max_skew_ui)",
        [](E e) -> CellValue { return e.phy.skew_spread_ui <= e.spec.link.max_skew_ui; });
  count("worst_channel", "index of the worst active channel", [](E e) -> CellValue {
    return std::int64_t{e.link().worst_channel};
  })->present = [](E e) { return e.link().worst_channel >= 0; };
  return out;
}

}  // namespace

const char* role_name(link::ChannelRole role) {
  switch (role) {
    case link::ChannelRole::kData:
      return "data";
    case link::ChannelRole::kEcc:
      return "ecc";
    case link::ChannelRole::kSpare:
      return "spare";
    case link::ChannelRole::kDead:
      return "dead";
  }
  return "?";
}

double ber_from_log10(double log10_ber) {
  return std::max(std::pow(10.0, log10_ber), std::numeric_limits<double>::denorm_min());
}

std::span<const Column<ChannelRow>> channel_columns() {
  static const auto columns = build_channel_columns();
  return columns;
}

std::span<const EvaluationColumn> evaluation_columns() {
  static const auto columns = build_evaluation_columns();
  return columns;
}

}  // namespace mosaic

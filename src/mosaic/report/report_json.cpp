#include "mosaic/report/report_json.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/report/power_json.hpp"
#include "mosaic/report/reliability_json.hpp"
#include "mosaic/report/spec_json.hpp"

namespace mosaic::report {
namespace {

// BERs are kept as logs; as plain numbers they saturate at the smallest double (never 0).
double ber_number(double log10_ber) {
  return std::max(std::pow(10.0, log10_ber), std::numeric_limits<double>::denorm_min());
}

double ua(double a) {
  return a * 1e6;
}

nlohmann::json bathtub_json(const std::vector<phy::BathtubPoint>& points, double x_scale) {
  nlohmann::json x = nlohmann::json::array();
  nlohmann::json y = nlohmann::json::array();
  for (const auto& p : points) {
    x.push_back(p.x * x_scale);
    y.push_back(p.log10_ber);
  }
  return {{"x", x}, {"log10_ber", y}};
}

}  // namespace

const char* role_name(phy::ChannelRole role) {
  switch (role) {
    case phy::ChannelRole::kData:
      return "data";
    case phy::ChannelRole::kEcc:
      return "ecc";
    case phy::ChannelRole::kSpare:
      return "spare";
    case phy::ChannelRole::kDead:
      return "dead";
  }
  return "?";
}

nlohmann::json channel_to_json(const phy::ChannelResult& c) {
  const double swing = c.signal_a > 0 ? c.signal_a : 1.0;
  return {
      {"index", c.index},
      {"row", c.row},
      {"col", c.col},
      {"role", role_name(c.role)},
      {"ber", ber_number(c.log10_ber)},
      {"log10_ber", c.log10_ber},
      {"q", c.q},
      {"eye_height", c.dead ? 0.0 : c.eye_height_a / swing},
      {"eye_width_ui", c.eye_width_ui},
      {"eye_height_ua", ua(c.eye_height_a)},
      {"eye_height_1e12_ua", ua(c.eye_height_1e12_a)},
      {"eye_width_1e12_ui", c.eye_width_1e12_ui},
      {"launch_power_dbm", c.launch_power_dbm},
      {"received_power_dbm", c.received_power_dbm},
      {"led_f3db_ghz", c.f3db_led_ghz},
      {"skew_ps", c.skew_ps},
      {"crosstalk_db", c.crosstalk_db},
      {"sampling_phase_ui", c.sampling_phase_ui},
      {"threshold_ua", ua(c.threshold_a)},
      {"signal_ua", ua(c.signal_a)},
      {"noise_rms_ua", ua(c.noise_rms_a)},
  };
}

nlohmann::json to_json(const LinkReport& r, const JsonOptions& options) {
  nlohmann::json j;
  j["schema_version"] = kSchemaVersion;
  j["mosaic_version"] = kVersion;
  j["command"] = r.command;
  j["seed"] = r.spec.seed;
  j["spec"] = spec_to_json(r.spec);
  nlohmann::json channels = nlohmann::json::array();
  int worst = -1;
  for (const auto& c : r.phy.channels) {
    nlohmann::json cj = channel_to_json(c);
    if (options.all_bathtubs && !c.dead) {
      cj["bathtub_phase"] = bathtub_json(c.bathtub_phase, 1.0);
      cj["bathtub_threshold_ua"] = bathtub_json(c.bathtub_threshold, 1e6);
    }
    channels.push_back(std::move(cj));
    const bool active = c.role == phy::ChannelRole::kData || c.role == phy::ChannelRole::kEcc;
    if (active && (worst < 0 || c.log10_ber > r.phy.channels[worst].log10_ber)) worst = c.index;
  }
  if (r.degradation) {
    j["degradation"] = degradation_to_json(*r.degradation);
    j["degradation"].erase("assumptions");
  }
  if (r.monte_carlo) {
    const auto& mc = *r.monte_carlo;
    for (const auto& m : mc.channels) {
      auto& cj = channels[m.index];
      cj["mc_ber"] = m.ber;
      cj["mc_ber_ci_low"] = m.ci_low;
      cj["mc_ber_ci_high"] = m.ci_high;
      cj["mc_errors"] = m.errors;
      cj["mc_bits"] = m.bits;
      if (mc.mode == McMode::kImportance) cj["mc_effective_samples"] = m.effective_samples;
      if (!m.refusal.empty()) {
        // No figure where the estimator cannot say anything: the reason instead.
        cj["mc_refusal"] = m.refusal;
        cj["mc_ber"] = nullptr;
        cj["mc_ber_ci_low"] = nullptr;
        cj["mc_ber_ci_high"] = nullptr;
      }
    }
    nlohmann::json eyes = nlohmann::json::array();
    for (const auto& e : mc.eyes) eyes.push_back(eye_to_json(e));
    j["monte_carlo"] = {
        {"mode", std::string(enum_name(mc.mode))}, {"samples_per_ui", mc.samples_per_ui},
        {"confidence", r.spec.mc.confidence},      {"channels", mc.channels.size()},
        {"bits_per_channel", mc.bits_per_channel}, {"total_bits", mc.total_bits},
        {"stop_reason", mc.stop_reason},           {"eyes", std::move(eyes)}};
  }
  j["channels"] = std::move(channels);
  const auto& s = r.link;
  nlohmann::json link = {
      {"channels", s.channels},
      {"dead", s.dead},
      {"data", s.data},
      {"ecc", s.ecc},
      {"spare", s.spare},
      {"active_short", s.active_short},
      {"median_ber", ber_number(s.log10_median_ber)},
      {"mean_ber", ber_number(s.log10_mean_ber)},
      {"log10_mean_ber", s.log10_mean_ber},
      {"worst_ber", ber_number(s.log10_worst_ber)},
      {"log10_median_ber", s.log10_median_ber},
      {"log10_worst_ber", s.log10_worst_ber},
      {"over_threshold", s.over_threshold},
      {"threshold_ber", phy::kKp4PreFecBer},
      {"line_rate_gbps", s.line_rate_gbps},
      {"required_line_rate_gbps", s.required_line_rate_gbps},
      {"capacity_ok", s.capacity_ok},
      {"latency_ns", s.latency_ns},
      {"ctle_peaking_db", r.phy.ctle_peaking_db},
      {"noise_bandwidth_ghz", r.phy.noise_bandwidth_hz * 1e-9},
      {"fiber_sigma_ps", r.phy.fiber_sigma_ps},
      {"fiber_sigma_cd_ps", r.phy.fiber_sigma_cd_ps},
      {"fiber_sigma_md_ps", r.phy.fiber_sigma_md_ps},
      {"crosstalk_adjacent_db",
       r.phy.kappa_adjacent > 0 ? 10 * std::log10(r.phy.kappa_adjacent) : -200.0},
      {"crosstalk_diagonal_db",
       r.phy.kappa_diagonal > 0 ? 10 * std::log10(r.phy.kappa_diagonal) : -200.0},
  };
  if (s.margin_computed) link["optical_margin_db"] = s.optical_margin_db;
  if (worst >= 0) {
    link["worst_channel"] = worst;
    const auto& w = r.phy.channels[worst];
    link["worst_channel_bathtub_phase"] = bathtub_json(w.bathtub_phase, 1.0);
    link["worst_channel_bathtub_threshold_ua"] = bathtub_json(w.bathtub_threshold, 1e6);
  }
  j["link"] = std::move(link);
  j["power"] = power_to_json(r.power);
  j["reliability"] = reliability_to_json(r.reliability);
  // Each section's assumptions are merged into the top-level list.
  j["power"].erase("assumptions");
  j["reliability"].erase("assumptions");
  j["assumptions"] = r.assumptions;
  if (options.timing)
    j["timing"] = {{"total_s", r.timing.total_s},
                   {"phy_s", r.timing.phy_s},
                   {"margin_s", r.timing.margin_s},
                   {"threads", r.timing.threads}};
  if (options.timing && r.monte_carlo) {
    j["timing"]["mc_s"] = r.monte_carlo->wall_s;
    j["timing"]["mc_bits_per_s"] = r.monte_carlo->bits_per_s;
  }
  return j;
}

nlohmann::json eye_to_json(const phy::mc::EyeDiagram& e) {
  return {{"channel", e.channel},
          {"time_bins", e.time_bins},
          {"amplitude_bins", e.amplitude_bins},
          {"time_start_ui", e.time_start_ui},
          {"time_stop_ui", e.time_stop_ui},
          {"amplitude_min_ua", ua(e.amplitude_min_a)},
          {"amplitude_max_ua", ua(e.amplitude_max_a)},
          {"threshold_ua", ua(e.threshold_a)},
          {"counts", e.counts}};
}

void write_eye_csv(const phy::mc::EyeDiagram& e, std::ostream& out) {
  out << "time_ui,amplitude_ua,count\n";
  const double dt = (e.time_stop_ui - e.time_start_ui) / e.time_bins;
  const double da = (e.amplitude_max_a - e.amplitude_min_a) / e.amplitude_bins;
  for (int a = 0; a < e.amplitude_bins; ++a)
    for (int t = 0; t < e.time_bins; ++t)
      out << fmt::format("{:.6g},{:.6g},{}\n", e.time_start_ui + (t + 0.5) * dt,
                         ua(e.amplitude_min_a + (a + 0.5) * da),
                         e.counts[static_cast<std::size_t>(a) * e.time_bins + t]);
}

void write_channels_csv(const LinkReport& r, std::ostream& out) {
  out << "index,row,col,role,ber,log10_ber,q,eye_height,eye_width_ui,eye_height_ua,"
         "eye_width_1e12_ui,launch_power_dbm,received_power_dbm,led_f3db_ghz,skew_ps,"
         "crosstalk_db,sampling_phase_ui,threshold_ua,signal_ua,noise_rms_ua\n";
  for (const auto& c : r.phy.channels) {
    const double swing = c.signal_a > 0 ? c.signal_a : 1.0;
    out << fmt::format(
        "{},{},{},{},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},"
        "{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g}\n",
        c.index, c.row, c.col, role_name(c.role), ber_number(c.log10_ber), c.log10_ber, c.q,
        c.dead ? 0.0 : c.eye_height_a / swing, c.eye_width_ui, ua(c.eye_height_a),
        c.eye_width_1e12_ui, c.launch_power_dbm, c.received_power_dbm, c.f3db_led_ghz, c.skew_ps,
        c.crosstalk_db, c.sampling_phase_ui, ua(c.threshold_a), ua(c.signal_a), ua(c.noise_rms_a));
  }
}

}  // namespace mosaic::report

#include "mosaic/report/report_json.hpp"

#include <cmath>
#include <fmt/format.h>
#include <limits>

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

double ua(double a) { return a * 1e6; }

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
      {"optical_margin_db", s.optical_margin_db},
      {"line_rate_gbps", s.line_rate_gbps},
      {"required_line_rate_gbps", s.required_line_rate_gbps},
      {"capacity_ok", s.capacity_ok},
      {"latency_ns", s.latency_ns},
      {"ctle_peaking_db", r.phy.ctle_peaking_db},
      {"noise_bandwidth_ghz", r.phy.noise_bandwidth_hz * 1e-9},
      {"fiber_sigma_ps", r.phy.fiber_sigma_ps},
      {"fiber_sigma_cd_ps", r.phy.fiber_sigma_cd_ps},
      {"fiber_sigma_md_ps", r.phy.fiber_sigma_md_ps},
      {"crosstalk_adjacent_db", r.phy.kappa_adjacent > 0 ? 10 * std::log10(r.phy.kappa_adjacent) : -200.0},
      {"crosstalk_diagonal_db", r.phy.kappa_diagonal > 0 ? 10 * std::log10(r.phy.kappa_diagonal) : -200.0},
  };
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
  return j;
}

void write_channels_csv(const LinkReport& r, std::ostream& out) {
  out << "index,row,col,role,ber,log10_ber,q,eye_height,eye_width_ui,eye_height_ua,"
         "eye_width_1e12_ui,launch_power_dbm,received_power_dbm,led_f3db_ghz,skew_ps,"
         "crosstalk_db,sampling_phase_ui,threshold_ua,signal_ua,noise_rms_ua\n";
  for (const auto& c : r.phy.channels) {
    const double swing = c.signal_a > 0 ? c.signal_a : 1.0;
    out << fmt::format("{},{},{},{},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},"
                       "{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g}\n",
                       c.index, c.row, c.col, role_name(c.role), ber_number(c.log10_ber),
                       c.log10_ber, c.q, c.dead ? 0.0 : c.eye_height_a / swing, c.eye_width_ui,
                       ua(c.eye_height_a), c.eye_width_1e12_ui, c.launch_power_dbm,
                       c.received_power_dbm, c.f3db_led_ghz, c.skew_ps, c.crosstalk_db,
                       c.sampling_phase_ui, ua(c.threshold_a), ua(c.signal_a), ua(c.noise_rms_a));
  }
}

}  // namespace mosaic::report

#include "mosaic/record/report_json.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/evaluate/columns.hpp"
#include "mosaic/record/figures_json.hpp"
#include "mosaic/record/power_json.hpp"
#include "mosaic/record/reliability_json.hpp"
#include "mosaic/record/spec_json.hpp"

namespace mosaic::record {
namespace {

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

nlohmann::json db_or_floor(const std::optional<double>& v);  // below, with the budget's JSON

}  // namespace

nlohmann::json cell_to_json(const CellValue& v) {
  return std::visit([](const auto& x) { return nlohmann::json(x); }, v);
}

std::string cell_to_csv(const CellValue& v) {
  if (const auto* d = std::get_if<double>(&v)) return fmt::format("{:.6g}", *d);
  if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  if (const auto* b = std::get_if<bool>(&v)) return *b ? "true" : "false";
  return std::get<std::string>(v);
}

nlohmann::json header_json(std::string_view kind, std::string_view command, const LinkSpec& spec) {
  return {{"schema_version", kSchemaVersion},
          {"kind", kind},
          {"mosaic_version", kVersion},
          {"command", command},
          {"seed", spec.seed},
          {"spec", spec_to_json(spec)}};
}

nlohmann::json channel_to_json(const phy::ChannelResult& c, link::ChannelRole role) {
  nlohmann::json j;
  const ChannelRow row{c, role};
  for (const auto& col : channel_columns()) {
    const CellValue v = col.get(row);
    // A figure the evaluation skipped (sweep mode's eye heights) is absent, never null.
    if (const auto* d = std::get_if<double>(&v); d && std::isnan(*d)) continue;
    j[col.name] = cell_to_json(v);
  }
  return j;
}

nlohmann::json to_json(const Evaluation& r, const JsonOptions& options) {
  nlohmann::json j = header_json("simulate", options.command, r.spec);
  nlohmann::json channels = nlohmann::json::array();
  for (const auto& c : r.phy.channels) {
    nlohmann::json cj = channel_to_json(c, r.lanes.roles[c.index]);
    if (options.all_bathtubs && !c.dead) {
      cj["bathtub_phase"] = bathtub_json(c.bathtub_phase, 1.0);
      cj["bathtub_threshold_ua"] = bathtub_json(c.bathtub_threshold, 1e6);
    }
    channels.push_back(std::move(cj));
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
        cj["mc_ber"] = kRefused;
        cj["mc_ber_ci_low"] = kRefused;
        cj["mc_ber_ci_high"] = kRefused;
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
  if (r.link_budget)
    for (const auto& b : r.link_budget->every) {
      // The budget's own words per channel (its definition, link_budget.hpp), when computed.
      channels[b.channel]["limiting"] = b.limiting;
      channels[b.channel]["budget_margin_db"] = db_or_floor(b.margin_db);
    }
  j["channels"] = std::move(channels);
  nlohmann::json link;
  for (const auto& col : evaluation_columns())
    if (col.present(r)) link[col.name] = cell_to_json(col.get(r));
  if (const int worst = r.link().worst_channel; worst >= 0) {
    const auto& w = r.phy.channels[worst];
    link["worst_channel_bathtub_phase"] = bathtub_json(w.bathtub_phase, 1.0);
    link["worst_channel_bathtub_threshold_ua"] = bathtub_json(w.bathtub_threshold, 1e6);
  }
  if (r.worst_eye) link["worst_channel_eye"] = eye_analysis_to_json(*r.worst_eye);
  j["link"] = std::move(link);
  j["latency"] = latency_to_json(r.link().latency);
  j["verdict"] = verdict_to_json(r.verdict);
  if (r.link_budget) j["link_budget"] = link_budget_to_json(*r.link_budget);
  j["power"] = power_to_json(r.power);
  if (r.led_drive) j["led_drive"] = led_drive_to_json(*r.led_drive);
  j["reliability"] = reliability_to_json(r.reliability);
  // A FIT counts failures of a working link; for one that does not work now it is the parts' alone.
  j["reliability"]["fit_applies"] = r.verdict.meets_now;
  j["led_ageing"] = led_ageing_to_json(r.led_ageing, r.spec.reliability);
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

namespace {

// A sensitivity, penalty or margin where the eye reaches the target; "unreachable" where a floor
// (ISI or crosstalk) stays above it at any power.
nlohmann::json db_or_floor(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json("unreachable");
}

nlohmann::json channel_budget_to_json(const ChannelBudget& b) {
  return {{"channel", b.channel},
          {"role", b.role},
          {"edge", b.edge},
          {"launch_nominal_dbm", b.launch_nominal_dbm},
          {"temperature_db", b.temperature_db},
          {"led_spread_db", b.led_spread_db},
          {"launch_dbm", b.launch_dbm},
          {"coupling_tx_db", b.coupling_tx_db},
          {"connector_db", b.connector_db},
          {"coupling_rx_db", b.coupling_rx_db},
          {"fiber_db", b.fiber_db},
          {"coupling_spread_db", b.coupling_spread_db},
          {"received_dbm", b.received_dbm},
          {"ideal_sensitivity_dbm", db_or_floor(b.ideal_infinite_er_dbm)},
          {"extinction_ratio_penalty_db", db_or_floor(b.extinction_ratio_db)},
          {"isi_penalty_db", db_or_floor(b.isi_db)},
          {"crosstalk_penalty_db", db_or_floor(b.crosstalk_db)},
          {"sensitivity_kp4_dbm", db_or_floor(b.sensitivity_dbm)},
          {"margin_db", db_or_floor(b.margin_db)},
          {"sensitivity_1e12_dbm", db_or_floor(b.sensitivity_1e12_dbm)},
          {"margin_1e12_db", db_or_floor(b.margin_1e12_db)},
          {"ageing_db", b.ageing_db},
          {"margin_end_of_life_db", db_or_floor(b.margin_end_of_life_db)},
          {"skew_ps", b.skew_ps},
          {"limiting", b.limiting},
          {"why", b.why}};
}

}  // namespace

nlohmann::json link_budget_to_json(const LinkBudget& budget) {
  nlohmann::json weakest = nlohmann::json::array();
  for (const auto& b : budget.weakest) weakest.push_back(channel_budget_to_json(b));
  return {{"target_ber", budget.target_ber},
          {"median", channel_budget_to_json(budget.median)},
          {"worst", channel_budget_to_json(budget.worst)},
          {"weakest", std::move(weakest)}};
}

nlohmann::json verdict_to_json(const Verdict& v) {
  nlohmann::json checks = nlohmann::json::array();
  for (const auto& c : v.checks)
    checks.push_back({{"condition", verdict_condition_name(c.condition)},
                      {"ok", c.ok},
                      {"detail", c.detail},
                      {"key_to_change", c.key_to_change}});
  return {{"meets", v.meets},
          {"meets_now", v.meets_now},
          {"end_of_life_checked", v.end_of_life_checked},
          {"fails_at_years",
           v.fails_at_years ? nlohmann::json(*v.fails_at_years) : nlohmann::json(kNever)},
          {"service_life_years", v.service_life_years},
          {"case_temperature_c", v.case_temperature_c},
          {"binding", v.binding},
          {"summary", v.summary},
          {"checks", std::move(checks)}};
}

nlohmann::json latency_to_json(const link::Latency& l) {
  return {{"serializer_ns", l.serializer_ns},
          {"markers_ns", l.markers_ns},
          {"deskew_ns", l.deskew_ns},
          {"logic_ns", l.logic_ns},
          {"host_fec_ns", l.host_fec_ns},
          {"fiber_ns", l.fiber_ns},
          {"electronics_ns", l.electronics_ns()},
          {"total_ns", l.total_ns()}};
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

void write_channels_csv(const Evaluation& r, std::ostream& out) {
  const auto columns = channel_columns();
  // The link budget of every active channel, when computed: two more columns, empty elsewhere.
  std::vector<const ChannelBudget*> budget(r.phy.channels.size(), nullptr);
  const bool every = r.link_budget && !r.link_budget->every.empty();
  if (every)
    for (const auto& b : r.link_budget->every) budget[static_cast<std::size_t>(b.channel)] = &b;
  // The Monte Carlo figures of the channels it counted, when it ran: five more columns (the JSON's
  // names), empty on the others; "refused" where the estimator can say nothing.
  std::vector<const phy::mc::McChannelResult*> mc(r.phy.channels.size(), nullptr);
  if (r.monte_carlo)
    for (const auto& m : r.monte_carlo->channels)
      if (m.index >= 0 && static_cast<std::size_t>(m.index) < mc.size())
        mc[static_cast<std::size_t>(m.index)] = &m;
  for (std::size_t i = 0; i < columns.size(); ++i) out << (i ? "," : "") << columns[i].name;
  if (every) out << ",limiting,budget_margin_db";
  if (r.monte_carlo) out << ",mc_errors,mc_bits,mc_ber,mc_ber_ci_low,mc_ber_ci_high";
  out << '\n';
  for (const auto& c : r.phy.channels) {
    const ChannelRow row{c, r.lanes.roles[c.index]};
    for (std::size_t i = 0; i < columns.size(); ++i)
      out << (i ? "," : "") << cell_to_csv(columns[i].get(row));
    if (every) {
      const ChannelBudget* b = budget[static_cast<std::size_t>(c.index)];
      if (b)
        out << ',' << b->limiting << ','
            << (b->margin_db ? fmt::format("{:.6g}", *b->margin_db) : std::string("floor"));
      else
        out << ",,";
    }
    if (r.monte_carlo) {
      if (const auto* m = mc[static_cast<std::size_t>(c.index)]) {
        const auto figure = [&](double x) {
          return m->refusal.empty() ? fmt::format("{:.6g}", x) : std::string(kRefused);
        };
        out << fmt::format(",{:.17g},{:.17g},", m->errors, m->bits) << figure(m->ber) << ','
            << figure(m->ci_low) << ',' << figure(m->ci_high);
      } else {
        out << ",,,,,";
      }
    }
    out << '\n';
  }
}

void write_link_budget_csv(const LinkBudget& budget, std::ostream& out) {
  auto cell = [](const nlohmann::json& v) {
    if (!v.is_string()) return v.dump();
    std::string s = v.get<std::string>();
    std::string quoted = "\"";
    for (char ch : s) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return quoted + "\"";
  };
  std::vector<std::pair<std::string, nlohmann::json>> rows{
      {"median", channel_budget_to_json(budget.median)}};
  for (const auto& b : budget.weakest) rows.emplace_back("weakest", channel_budget_to_json(b));
  for (const auto& b : budget.every) rows.emplace_back("channel", channel_budget_to_json(b));
  out << "row";
  for (const auto& [key, value] : rows.front().second.items()) out << ',' << key;
  out << '\n';
  for (const auto& [name, j] : rows) {
    out << name;
    for (const auto& [key, value] : j.items()) out << ',' << cell(value);
    out << '\n';
  }
}

}  // namespace mosaic::record

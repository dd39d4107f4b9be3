#include "mosaic/evaluate/link_budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "mosaic/core/parallel.hpp"
#include "mosaic/evaluate/columns.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/sensitivity.hpp"
#include "mosaic/phy/temperature.hpp"
#include "mosaic/reliability/degradation.hpp"

namespace mosaic {
namespace {

constexpr double kBer1e12 = 1e-12;
// Below this a term is not what sets a channel apart (the sensitivities are found to 0.004 dB,
// the array's spreads are tenths of a dB).
constexpr double kDistinctDb = 0.25;
// The median channel's own limiter: a penalty under this leaves it noise-limited.
constexpr double kPenaltyDb = 1.0;

std::optional<double> difference(const std::optional<double>& a, const std::optional<double>& b) {
  if (!a || !b) return std::nullopt;
  return *a - *b;
}

ChannelBudget channel_budget(const LinkSpec& spec, const phy::PhyResult& phy,
                             const link::LaneAssignment& lanes, phy::LinkEvaluator& ev,
                             const std::vector<double>& ageing_db, int channel) {
  const auto& c = ev.layout().channels.at(channel);
  ChannelBudget b;
  b.channel = channel;
  b.role = role_name(lanes.roles.at(channel));
  b.edge = c.edge;
  b.launch_nominal_dbm = spec.led.launch_power_dbm;
  b.temperature_db = phy::temperature_derating(spec).led_power_db + 0.0;  // no -0 in the record
  b.launch_dbm = c.launch_power_dbm;
  b.led_spread_db = b.launch_dbm - b.launch_nominal_dbm - b.temperature_db;
  b.coupling_tx_db = spec.coupling.tx_db;
  b.connector_db = spec.coupling.connector_db;
  b.coupling_rx_db = spec.coupling.rx_db;
  b.fiber_db = ev.fiber().loss_db;
  b.received_dbm = c.received_power_dbm;
  b.coupling_spread_db = b.launch_dbm - b.coupling_tx_db - b.connector_db - b.coupling_rx_db -
                         b.fiber_db - b.received_dbm;
  b.skew_ps = c.skew_s * 1e12;

  std::optional<int> fixed;
  if (spec.rx.clock == ClockMode::kForwardedClock)
    fixed = static_cast<int>(
        std::lround(phy.channels.at(channel).sampling_phase_ui * ev.chain().samples_per_ui()));
  const phy::ChannelSensitivity kp4 =
      phy::channel_sensitivity(ev, channel, link::kKp4PreFecBer, fixed);
  const phy::ChannelSensitivity deep =
      phy::channel_sensitivity(ev, channel, kBer1e12, fixed, false);
  b.ideal_infinite_er_dbm = kp4.ideal_infinite_er_dbm;
  b.extinction_ratio_db = difference(kp4.ideal_dbm, kp4.ideal_infinite_er_dbm);
  b.isi_db = difference(kp4.no_crosstalk_dbm, kp4.ideal_dbm);
  b.crosstalk_db = difference(kp4.full_dbm, kp4.no_crosstalk_dbm);
  b.sensitivity_dbm = kp4.full_dbm;
  if (b.sensitivity_dbm) b.margin_db = b.received_dbm - *b.sensitivity_dbm;
  b.sensitivity_1e12_dbm = deep.full_dbm;
  if (b.sensitivity_1e12_dbm) b.margin_1e12_db = b.received_dbm - *b.sensitivity_1e12_dbm;
  b.ageing_db = ageing_db.empty() ? 0.0 : ageing_db.at(channel);
  if (b.margin_db) b.margin_end_of_life_db = *b.margin_db - b.ageing_db;
  return b;
}

std::string fmt_db(const std::optional<double>& v) {
  return v ? fmt::format("{:+.2f}", *v) : std::string("floor");
}

// The median channel: its largest penalty, or noise when none is large.
void explain_median(ChannelBudget& m) {
  if (!m.sensitivity_dbm) {
    m.limiting = m.isi_db ? "crosstalk" : "ISI";
    m.why = fmt::format("no power reaches the KP4 limit: a{} floor above it",
                        m.isi_db ? " crosstalk" : "n ISI");
    return;
  }
  const double isi = m.isi_db.value_or(0.0);
  const double xt = m.crosstalk_db.value_or(0.0);
  m.limiting = std::max(isi, xt) < kPenaltyDb ? "noise" : (isi >= xt ? "ISI" : "crosstalk");
  m.why = fmt::format(
      "the typical channel: noise-only sensitivity {:.2f} dBm, penalties ER {:.2f}, ISI {:.2f}, "
      "crosstalk {:.2f} dB",
      m.ideal_infinite_er_dbm.value_or(0.0), m.extinction_ratio_db.value_or(0.0), isi, xt);
}

// Any other channel: what makes it weaker than the median, term by term.
void explain_against(ChannelBudget& b, const ChannelBudget& median, double buffer_ps,
                     bool skew_within_buffer) {
  struct Cause {
    const char* name;
    double db;
  };
  const double power = median.received_dbm - b.received_dbm;
  const double isi = b.isi_db && median.isi_db ? *b.isi_db - *median.isi_db : 0.0;
  const double xt =
      b.crosstalk_db && median.crosstalk_db ? *b.crosstalk_db - *median.crosstalk_db : 0.0;
  std::vector<Cause> causes{{"received power", power}, {"ISI", isi}, {"crosstalk", xt}};
  const auto top = std::max_element(causes.begin(), causes.end(),
                                    [](const Cause& a, const Cause& c) { return a.db < c.db; });
  if (!b.sensitivity_dbm) {
    b.limiting = b.isi_db ? "crosstalk" : "ISI";
  } else if (!skew_within_buffer && std::abs(b.skew_ps - median.skew_ps) > 0.5 * buffer_ps) {
    b.limiting = "skew";
  } else {
    // Nothing sets it apart from the median: it is limited by what limits the median.
    b.limiting = top->db < kDistinctDb ? median.limiting : top->name;
  }
  std::string parts;
  if (std::abs(power) >= 0.005) {
    const double led = median.led_spread_db - b.led_spread_db;
    const double coupling = b.coupling_spread_db - median.coupling_spread_db;
    parts += fmt::format("received {:.2f} dB {} the median (LED {:+.2f}, coupling{} {:+.2f})",
                         std::abs(power), power > 0 ? "below" : "above", -led,
                         b.edge && !median.edge ? " incl. the edge ring" : "", -coupling);
  }
  if (std::abs(isi) >= 0.005)
    parts += fmt::format("{}ISI penalty {:+.2f} dB", parts.empty() ? "" : ", ", isi);
  if (std::abs(xt) >= 0.005)
    parts += fmt::format("{}crosstalk penalty {:+.2f} dB", parts.empty() ? "" : ", ", xt);
  b.why = fmt::format("{} (margin {} dB; limited by {}){}{}",
                      parts.empty() ? "like the median" : parts, fmt_db(b.margin_db), b.limiting,
                      b.role == "ecc" ? "; an ECC lane: link-up gives the best channels to data, "
                                        "the next to ECC parity"
                                      : "",
                      b.limiting == "skew" ? "; beyond the deskew buffer (link.max_skew_ui)" : "");
}

}  // namespace

std::optional<LinkBudget> link_budget(phy::LinkEvaluator& ev, const phy::PhyResult& phy,
                                      const link::LaneAssignment& lanes, int threads,
                                      bool every_channel) {
  const LinkSpec& spec = ev.design_spec();
  std::vector<int> active = lanes.active_channels();
  if (active.empty()) return std::nullopt;
  auto worse = [&](int a, int b) {
    const double la = phy.channels[a].log10_ber;
    const double lb = phy.channels[b].log10_ber;
    return la != lb ? la > lb : a < b;
  };
  std::sort(active.begin(), active.end(), worse);
  const int median = active[active.size() / 2];
  const int weakest = std::min<int>(kBudgetWeakestChannels, static_cast<int>(active.size()));
  // Every active channel when asked (worst first, then the median again as the last row, so that
  // the rows below read the same places either way); else the weakest and the median.
  std::vector<int> channels(active.begin(),
                            every_channel ? active.end() : active.begin() + weakest);
  channels.push_back(median);

  const int pixels = static_cast<int>(phy.channels.size());
  const std::vector<double> ageing =
      reliability::led_decay_db(spec, pixels, spec.reliability.service_life_years);
  std::vector<ChannelBudget> rows(channels.size());
  parallel_for(channels.size(), threads, [&](std::size_t i) {
    rows[i] = channel_budget(spec, phy, lanes, ev, ageing, channels[i]);
  });

  LinkBudget out;
  out.median = rows.back();
  explain_median(out.median);
  const double buffer_ps = spec.link.max_skew_ui / spec.channel.rate_gbps * 1e3;
  const bool within = phy.skew_spread_ui <= spec.link.max_skew_ui;
  const int explained = static_cast<int>(channels.size()) - 1;
  for (int i = 0; i < explained; ++i) explain_against(rows[i], out.median, buffer_ps, within);
  for (int i = 0; i < weakest; ++i) out.weakest.push_back(rows[i]);
  if (every_channel) {
    out.every.assign(rows.begin(), rows.begin() + explained);
    std::sort(out.every.begin(), out.every.end(),
              [](const ChannelBudget& a, const ChannelBudget& b) { return a.channel < b.channel; });
    // The median channel is explained as the typical one, as in `median`.
    for (auto& b : out.every)
      if (b.channel == out.median.channel) b = out.median;
  }
  // Least margin first (a floor before any margin): the channel a uniform loss takes to the KP4
  // limit first, which is the link's optical margin, need not be the one of worst BER now.
  auto margin_key = [](const ChannelBudget& b) {
    return b.margin_db ? *b.margin_db : -std::numeric_limits<double>::infinity();
  };
  std::stable_sort(out.weakest.begin(), out.weakest.end(),
                   [&](const ChannelBudget& a, const ChannelBudget& b) {
                     return margin_key(a) < margin_key(b);
                   });
  out.worst = out.weakest.front();
  out.assumptions = {
      "link budget: sensitivities by scaling the statistical eye's photocurrents (a uniform "
      "optical loss, neighbours' crosstalk scaling with it) to the KP4 limit and to 1e-12; the "
      "noise-only reference is a flat one-UI bit with the receiver's thermal and shot noise and "
      "no jitter; penalties are differences of sensitivities, so they add up exactly",
      fmt::format("link budget: the margin after ageing takes away this pixel's LED decay over "
                  "{:g} years at {:g} degC case ({:.4g} degC junction) and leaves the neighbours "
                  "unaged; the verdict's end of life evaluates the whole aged array",
                  spec.reliability.service_life_years, spec.environment.case_temperature_c,
                  reliability::led_ageing(spec).junction_c),
  };
  if (spec.rx.power_dbm)
    out.assumptions.push_back(
        "link budget: rx.power_dbm fixes the received power, so the loss terms above it do not "
        "set it: coupling_spread_db takes the difference");
  return out;
}

}  // namespace mosaic

#include "mosaic/pages/text_summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/math/log_q.hpp"

namespace mosaic::pages {
namespace {

// Below the floor the figure is model extrapolation: print the floor, with Q for the depth.
std::string ber_text(double log10_ber, double floor) {
  if (log10_ber < std::log10(floor))
    return fmt::format("< {:.0e} (Q {:.1f})", floor,
                       q_inverse_from_log(log10_ber * std::numbers::ln10));
  return fmt::format("{:.2e}", std::pow(10.0, log10_ber));
}

}  // namespace

namespace {

std::string budget_db(const std::optional<double>& v, const char* format = "{:+7.2f}") {
  return v ? fmt::format(fmt::runtime(format), *v) : std::string("  floor");
}

// The budget's two columns, median and worst channel, term by term, then why the weakest
// channels are weak.
std::string link_budget_text(const LinkBudget& b) {
  const ChannelBudget& m = b.median;
  const ChannelBudget& w = b.worst;
  std::string out = fmt::format("Budget   {:<36} {:>8} {:>8}   (dB, dBm)\n", "",
                                fmt::format("ch {}", m.channel), fmt::format("ch {}", w.channel));
  auto row = [&](const char* name, double a, double c) {
    out += fmt::format("         {:<36} {:+8.2f} {:+8.2f}\n", name, a, c);
  };
  auto opt_row = [&](const char* name, const std::optional<double>& a,
                     const std::optional<double>& c) {
    out += fmt::format("         {:<36} {:>8} {:>8}\n", name, budget_db(a, "{:+.2f}"),
                       budget_db(c, "{:+.2f}"));
  };
  row("launch, nominal (dBm)", m.launch_nominal_dbm, w.launch_nominal_dbm);
  row("  LED droop at the case temperature", m.temperature_db, w.temperature_db);
  row("  this LED's spread", m.led_spread_db, w.led_spread_db);
  row("  coupling LED -> fiber", -m.coupling_tx_db, -w.coupling_tx_db);
  row("  connector", -m.connector_db, -w.connector_db);
  row("  fiber", -m.fiber_db, -w.fiber_db);
  row("  coupling fiber -> photodiode", -m.coupling_rx_db, -w.coupling_rx_db);
  row("  this channel's coupling spread", -m.coupling_spread_db, -w.coupling_spread_db);
  row("received (dBm)", m.received_dbm, w.received_dbm);
  opt_row("noise-only sensitivity at KP4 (dBm)", m.ideal_infinite_er_dbm, w.ideal_infinite_er_dbm);
  opt_row("  extinction ratio penalty", m.extinction_ratio_db, w.extinction_ratio_db);
  opt_row("  ISI and jitter penalty", m.isi_db, w.isi_db);
  opt_row("  crosstalk penalty", m.crosstalk_db, w.crosstalk_db);
  opt_row("sensitivity at KP4 2.4e-4 (dBm)", m.sensitivity_dbm, w.sensitivity_dbm);
  opt_row("margin at KP4", m.margin_db, w.margin_db);
  opt_row("sensitivity at 1e-12 (dBm)", m.sensitivity_1e12_dbm, w.sensitivity_1e12_dbm);
  opt_row("margin at 1e-12", m.margin_1e12_db, w.margin_1e12_db);
  row("  LED ageing over the service life", -m.ageing_db, -w.ageing_db);
  opt_row("margin at KP4 at end of life", m.margin_end_of_life_db, w.margin_end_of_life_db);
  out += fmt::format("         median ch {}: limited by {}; {}\n", m.channel, m.limiting, m.why);
  const std::size_t shown = std::min<std::size_t>(3, b.weakest.size());
  for (std::size_t i = 0; i < shown; ++i) {
    const ChannelBudget& c = b.weakest[i];
    out += fmt::format("         weak ch {} ({}{}): {}\n", c.channel, c.role,
                       c.edge ? ", edge" : "", c.why);
  }
  return out;
}

}  // namespace

namespace {

// The worst channel's openings, jitter terms and mask test: what the page draws on its eye.
std::string eye_text(const phy::EyeAnalysis& e) {
  const phy::JitterBudget& j = e.jitter;
  const auto ps = [&](const std::optional<double>& ui) {
    return ui ? fmt::format("{:.1f}", *ui * j.ui_ps) : std::string("closed");
  };
  std::string out = fmt::format(
      "Eye      worst channel {}: {:.3g} uA x {:.3f} UI at KP4, {:.3g} uA x {:.3f} UI at 1e-12; "
      "mask {} ({:+.1f}%)\n",
      e.channel, e.kp4.height_a * 1e6, e.kp4.width_ui, e.ber_1e12.height_a * 1e6,
      e.ber_1e12.width_ui, e.mask.pass ? "pass" : "FAIL", e.mask.margin_percent);
  out += fmt::format(
      "Jitter   RJ {:.1f} ps rms, DJ {} ps pp (ISI {}); TJ at 1e-12 {} ps dual-Dirac, {:.1f} ps "
      "statistical eye; phase offset {:+.1f} ps ({})\n",
      j.rj_rms_ui * j.ui_ps, ps(j.dj_total_pp_ui), ps(j.dj_isi_pp_ui), ps(j.tj_dual_dirac_1e12_ui),
      j.tj_stat_eye_1e12_ui * j.ui_ps, j.phase_offset_ui * j.ui_ps,
      j.forwarded_clock ? "forwarded clock" : "CDR");
  return out;
}

}  // namespace

std::string text_summary(const Evaluation& r, const CalibrationRanges* ranges) {
  const auto& s = r.spec;
  const auto& l = r.link();
  const double floor = s.report.ber_floor;
  std::string out;
  out +=
      fmt::format("Design   {} channels ({} x {}): {} data + {} ECC + {} spare, {:.3f} Gb/s each\n",
                  s.array.rows * s.array.cols, s.array.rows, s.array.cols, s.array.data_channels,
                  s.array.ecc_channels,
                  s.array.rows * s.array.cols - s.array.data_channels - s.array.ecc_channels,
                  s.channel.rate_gbps);
  out += fmt::format("         {:.1f} m imaging fiber, {:.0f} degC case, LED {} model, seed {}\n",
                     s.fiber.length_m, s.environment.case_temperature_c, enum_name(s.led.model),
                     s.seed);
  out += fmt::format(
      "Fiber    rms spread {:.0f} ps (chromatic {:.0f}, modal {:.0f}), crosstalk "
      "{:.1f} dB adjacent, latency {:.0f} ns\n",
      r.phy.fiber_sigma_ps, r.phy.fiber_sigma_cd_ps, r.phy.fiber_sigma_md_ps,
      r.phy.kappa_adjacent > 0 ? 10 * std::log10(r.phy.kappa_adjacent) : -200.0, l.latency_ns);
  out += fmt::format(
      "Receiver CTLE peaking {:.0f} dB{}, noise bandwidth {:.2f} GHz\n", r.phy.ctle_peaking_db,
      r.phy.ctle_at_limit ? " (the top of the tuner's range: more would be taken)" : "",
      r.phy.noise_bandwidth_hz * 1e-9);
  const std::string spares_range =
      ranges ? fmt::format(", calibration {:.0f}-{:.0f}", ranges->usable_spares.lo,
                           ranges->usable_spares.hi)
             : std::string();
  out += fmt::format(
      "Lanes    {} data, {} ECC, {} spare ({} usable{}), {} dead{}\n", l.data, l.ecc, l.spare,
      l.spare_usable, spares_range, l.dead,
      l.active_short ? fmt::format(" ({} active channels short!)", l.active_short) : "");
  out += fmt::format("BER      median {}, mean {}, worst {} over {} active channels\n",
                     ber_text(l.log10_median_ber, floor), ber_text(l.log10_mean_ber, floor),
                     ber_text(l.log10_worst_ber, floor), l.data + l.ecc);
  if (ranges)
    out += fmt::format("         worst over the calibration ensemble: {} to {}\n",
                       ber_text(ranges->log10_worst_ber.lo, floor),
                       ber_text(ranges->log10_worst_ber.hi, floor));
  out += fmt::format("         {} active channels above the KP4 pre-FEC threshold 2.4e-4\n",
                     l.over_threshold);
  if (l.margin_computed && !l.margin_reachable) {
    out +=
        "Margin   unreachable: an ISI / crosstalk floor above 2.4e-4 (no launch power reaches "
        "it)\n";
  } else if (l.margin_computed) {
    out += fmt::format(
        "Margin   {:+.2f} dB optical{} (launch power that can be lost before the worst "
        "active channel reaches 2.4e-4)\n",
        l.optical_margin_db,
        ranges && ranges->margin
            ? fmt::format(", calibration range {:+.2f} to {:+.2f} dB", ranges->optical_margin_db.lo,
                          ranges->optical_margin_db.hi)
            : std::string());
  } else {
    out += "Margin   not computed (the margin option is off)\n";
  }
  if (r.end_of_life && r.end_of_life->margin_computed)
    out += r.end_of_life->optical_margin_db
               ? fmt::format(
                     "         {:+.2f} dB at end of life ({:.3g} years: the LEDs aged, "
                     "{} channels swapped for spares)\n",
                     *r.end_of_life->optical_margin_db, r.end_of_life->age_years,
                     r.end_of_life->spares_used)
               : std::string(
                     "         unreachable at end of life: an ISI / crosstalk floor "
                     "above 2.4e-4 by then\n");
  if (ranges && ranges->margin_unreachable_members)
    out += fmt::format("         unreachable on {} of {} ensemble members\n",
                       ranges->margin_unreachable_members, ranges->members);
  if (ranges)
    out += fmt::format(
        "KP4 reach now {:.1f} m, calibration range {:.1f} to {:.1f} m (the longest fiber at which "
        "the decisive channels stay within 2.4e-4 now, {} ensemble members; not the verdict's "
        "reach "
        "of compare and cluster, which also holds at end of life)\n",
        ranges->reach_m, ranges->reach_m_range.lo, ranges->reach_m_range.hi, ranges->members);
  if (r.worst_eye) out += eye_text(*r.worst_eye);
  if (r.link_budget) out += link_budget_text(*r.link_budget);
  out += fmt::format("Capacity {:.3f} Gb/s needed per data channel: {}\n",
                     l.required_line_rate_gbps, l.capacity_ok ? "ok" : "NOT MET");
  out += fmt::format(
      "Power    {:.2f} W per end ({}), {:.2f} W per link, {:.2f} pJ/bit; {:.0f}% "
      "below a laser/DSP module ({:.1f} W)\n",
      r.power.per_end_w, enum_name(s.module.host_interface), r.power.per_link_w, r.power.pj_per_bit,
      100.0 * r.power.saving_vs_reference, r.power.reference.per_end_w);
  // An unbounded FIT means failure within the service life is certain; "inf" would not say so.
  const std::string fit = std::isfinite(r.reliability.link_fit)
                              ? fmt::format("{:.2f}", r.reliability.link_fit)
                              : std::string("unbounded (failure certain)");
  const auto fit_text = [](double v) {
    return std::isfinite(v) ? fmt::format("{:.2f}", v) : std::string("unbounded");
  };
  const std::string fit_range =
      ranges ? fmt::format(" (calibration {} to {})", fit_text(ranges->link_fit.lo),
                           fit_text(ranges->link_fit.hi))
             : std::string();
  if (r.verdict.meets_now) {
    out += fmt::format(
        "Reliab.  link FIT {}{} over {:.0f} years with {} usable spares ({} too weak to count), "
        "AFR {:.2e}\n",
        fit, fit_range, s.reliability.service_life_years, r.reliability.spares,
        r.reliability.spares_unusable, r.reliability.afr);
  } else {
    // A failure rate counts the failures of a working link; this one does not work now.
    out += fmt::format(
        "Reliab.  no link FIT: the link does not work now (see the verdict); its parts alone "
        "would fail at {} FIT over {:.0f} years\n",
        fit, s.reliability.service_life_years);
  }
  {
    const auto& a = r.led_ageing;
    out += fmt::format(
        "LEDs     junction {:.1f} degC at {:.3g} degC case ({:.3g} mW of heat per pixel), "
        "{:.3g} A/cm^2; {} decay {:.3g} dB over {:.0f} years\n",
        a.junction_c, a.case_c, a.heat_w * 1e3, a.current_density_a_per_cm2, enum_name(a.model),
        a.nominal_loss_db(s.reliability, s.reliability.service_life_years),
        s.reliability.service_life_years);
  }
  if (r.degradation) {
    const auto& d = *r.degradation;
    out += fmt::format(
        "Ageing   {} of {} usable spares used ({} unusable at start) over {:.0f} years, worst "
        "active BER {}; {}\n",
        d.spares_used, d.spares_at_start, d.spares_unusable_at_start,
        s.reliability.service_life_years, ber_text(d.worst_log10_ber, floor),
        d.failed ? fmt::format("runs out of good spares at {:.1f} years",
                               d.failure_age_years.value_or(0.0))
                 : "survives its service life");
  }
  const Verdict& v = r.verdict;
  out += fmt::format("Verdict  {}\n", v.summary);
  for (const auto& c : v.checks)
    out += fmt::format("         {:<8} {:<4} {}{}\n", verdict_condition_name(c.condition),
                       c.ok ? "ok" : "FAIL", c.detail,
                       c.ok || c.key_to_change.empty() ? "" : " (change " + c.key_to_change + ")");
  if (!v.meets && s.fiber.length_m <= s.module.rated_reach_m)
    out += fmt::format(
        "         this is within the module's rated reach ({:.0f} m) at {:.0f} degC: the design "
        "misses its own rating\n",
        s.module.rated_reach_m, s.environment.case_temperature_c);
  if (r.monte_carlo) {
    const auto& mc = *r.monte_carlo;
    double errors = 0, worst = 0;
    int worst_ch = -1;
    for (const auto& c : mc.channels) {
      errors += c.errors;
      if (worst_ch < 0 || c.ber > worst) {
        worst = c.ber;
        worst_ch = c.index;
      }
    }
    out += fmt::format(
        "MC       {} channels x {:.3g} bits ({}, stop: {}), {:.0f} errors; worst channel {} BER "
        "{:.3g}; {:.3g} bits/s\n",
        mc.channels.size(), mc.bits_per_channel, enum_name(mc.mode), mc.stop_reason, errors,
        worst_ch, worst, mc.bits_per_s);
  }
  out += fmt::format("Time     {:.3g} s on {} threads\n", r.timing.total_s, r.timing.threads);
  return out;
}

}  // namespace mosaic::pages

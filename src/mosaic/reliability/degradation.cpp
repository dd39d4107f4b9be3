#include "mosaic/reliability/degradation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>
#include <optional>

#include "mosaic/core/rng.hpp"
#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/reliability/aged_bers.hpp"
#include "mosaic/reliability/lifetime.hpp"
#include "mosaic/reliability/lumen_maintenance.hpp"

namespace mosaic::reliability {

LedAgeing led_ageing(const LinkSpec& spec) {
  const auto& r = spec.reliability;
  LedAgeing a;
  a.model = r.ageing_model;
  a.case_c = spec.environment.case_temperature_c;
  a.junction_c = a.case_c;
  if (r.ageing_model == AgeingModel::kTm21) {
    const LedOperatingPoint op = led_operating_point(spec);
    a.junction_c = op.junction_c;
    a.heat_w = op.heat_w;
    a.current_density_a_per_cm2 = op.effective_current_density_a_per_cm2;
    a.alpha_per_h = tm21_alpha_per_h(spec, op);
  } else {
    a.acceleration_factor =
        arrhenius_factor(r.activation_energy_ev, r.reference_temperature_c, a.case_c);
  }
  return a;
}

double LedAgeing::nominal_loss_db(const ReliabilitySpec& r, double age_years) const {
  if (age_years <= 0.0) return 0.0;
  if (model == AgeingModel::kTm21) {
    // -10 log10(B exp(-alpha t)); no gain where B > 1 has not yet decayed away.
    const double db = -10.0 * std::log10(r.tm21_b) +
                      10.0 / std::numbers::ln10 * alpha_per_h * age_years * kHoursPerYear;
    return std::max(0.0, db);
  }
  return r.led_decay_db_per_year * std::pow(age_years * acceleration_factor, r.led_decay_exponent);
}

std::vector<double> led_decay_db(const LinkSpec& spec, int channels, double age_years) {
  const auto& r = spec.reliability;
  std::vector<double> loss(std::max(0, channels), 0.0);
  if (age_years <= 0.0) return loss;
  const LedAgeing a = led_ageing(spec);
  const double s = r.led_decay_sigma;
  const bool tm21 = r.ageing_model == AgeingModel::kTm21;
  const double b_db = tm21 ? -10.0 * std::log10(r.tm21_b) : 0.0;
  // tm21: the decay part alone (before B's offset and the no-gain clamp) is what the draw scales.
  const double base = tm21 ? 10.0 / std::numbers::ln10 * a.alpha_per_h * age_years * kHoursPerYear
                           : a.nominal_loss_db(r, age_years);
  for (int i = 0; i < channels; ++i) {
    // The same draw at every age: a channel that decays fast keeps decaying fast. Under tm21 the
    // draw scales the decay rate alpha (B is common to every pixel).
    Rng rng(spec.seed, RngPurpose::kDegradation, static_cast<std::uint64_t>(i));
    const double f = std::exp(s * rng.normal() - 0.5 * s * s);
    loss[i] = tm21 ? std::max(0.0, b_db + base * f) : base * f;
  }
  return loss;
}

std::vector<std::string> ageing_assumptions(const LinkSpec& spec) {
  const auto& r = spec.reliability;
  const LedAgeing a = led_ageing(spec);
  std::vector<std::string> out;
  char buf[640];
  if (a.model == AgeingModel::kArrhenius25c) {
    std::snprintf(buf, sizeof buf,
                  "LED ageing (arrhenius_25c): microLED output decays as %.3g dB/year x (age x "
                  "AF)^%.3g, AF = %.3g the Arrhenius factor (%.2g eV) from %.3g to %.3g degC case; "
                  "the rate has no published source",
                  r.led_decay_db_per_year, r.led_decay_exponent, a.acceleration_factor,
                  r.activation_energy_ev, r.reference_temperature_c, a.case_c);
    out.push_back(buf);
    return out;
  }
  std::snprintf(buf, sizeof buf,
                "LED ageing (tm21): lumen maintenance B exp(-alpha t), alpha = A exp(-Ea/kT_j) "
                "J^n with B = %.4g, A = %.4g /h, Ea = %.3g eV, n = %.3g, fitted to the "
                "lumen-maintenance anchors of data/led_ageing.toml (packaged GaN LEDs, T_j "
                "%.3g-%.3g degC, %.3g-%.3g A/cm^2; most are representative LM-80-style values, "
                "not measurements: docs/reliability.md)",
                r.tm21_b, r.tm21_a_per_h, r.tm21_activation_energy_ev, r.tm21_current_exponent,
                kAnchorLowestJunctionC, kAnchorHighestJunctionC, kAnchorLowestCurrentDensity,
                kAnchorHighestCurrentDensity);
  out.push_back(buf);
  std::snprintf(buf, sizeof buf,
                "LED ageing (tm21): junction %.4g degC = case %.4g degC + %.4g K/W x %.3g mW of "
                "self-heating at the nominal drive; effective current density %.4g A/cm^2 (J^n "
                "averaged over the 0 and 1 levels); nominal alpha %.3g /h = %.3g dB/year",
                a.junction_c, a.case_c, spec.led.thermal_resistance_k_per_w, a.heat_w * 1e3,
                a.current_density_a_per_cm2, a.alpha_per_h,
                10.0 / std::numbers::ln10 * a.alpha_per_h * kHoursPerYear);
  out.push_back(buf);
  const double life_h = r.service_life_years * kHoursPerYear;
  const double limit_h = 6.0 * r.tm21_test_hours;
  if (life_h > limit_h) {
    std::snprintf(
        buf, sizeof buf,
        "LED ageing (tm21): the service life (%.0f h) exceeds TM-21's extrapolation limit "
        "of 6 x the longest anchor test (6 x %.0f h = %.0f h): the decay beyond it is "
        "the law carried on, not a TM-21 projection",
        life_h, r.tm21_test_hours, limit_h);
  } else {
    std::snprintf(buf, sizeof buf,
                  "LED ageing (tm21): the service life (%.0f h) is %.2g x the longest anchor test "
                  "(%.0f h), within TM-21's limit of 6 x",
                  life_h, life_h / r.tm21_test_hours, r.tm21_test_hours);
  }
  out.push_back(buf);
  std::snprintf(buf, sizeof buf,
                "LED ageing (tm21): the pixel runs at %.3g x the highest anchor current density "
                "(%.3g A/cm^2), the power law in J assumed to hold there; a junction outside the "
                "anchors' %.3g-%.3g degC is the Arrhenius law extrapolated",
                a.current_density_a_per_cm2 / kAnchorHighestCurrentDensity,
                kAnchorHighestCurrentDensity, kAnchorLowestJunctionC, kAnchorHighestJunctionC);
  out.push_back(buf);
  return out;
}

DegradationResult simulate_degradation(const LinkSpec& spec, const phy::PhyResult& at_start,
                                       const link::LaneAssignment& lanes,
                                       const DegradationOptions& options) {
  const auto& rs = spec.reliability;
  const int pixels = spec.array.rows * spec.array.cols;
  const double log_target = std::log10(rs.degradation_ber_target);
  DegradationResult out;

  std::vector<double> ages{0.0};
  if (options.ages_years.empty()) {
    for (int step = 1; step <= rs.degradation_steps; ++step)
      ages.push_back(rs.service_life_years * step / rs.degradation_steps);
  } else {
    ages.insert(ages.end(), options.ages_years.begin(), options.ages_years.end());
  }
  const int last_step = static_cast<int>(ages.size()) - 1;
  std::vector<int> active, spares;  // pixel indices
  std::vector<double> log_ber(pixels, 0.0);
  phy::EvalOptions eo;
  eo.threads = options.threads;
  eo.bathtubs = false;
  eo.eye_heights = false;  // the ageing reads BERs only
  eo.eye_widths = false;
  for (int step = 0; step <= last_step; ++step) {
    const double age = ages[step];
    const std::vector<double> loss = led_decay_db(spec, pixels, age);
    // Kept for the margin at the last age: its pulse responses carry that age's losses.
    std::optional<phy::LinkEvaluator> aged_ev;
    std::optional<AgedBers> aged;
    if (step > 0) {
      if (options.fresh) {
        aged_ev.emplace(*options.fresh, loss);
      } else {
        aged_ev.emplace(spec, loss);
      }
      // The margin ranks every active channel by its BER: no bounds there.
      const bool margin_here = step == last_step && options.margin_at_end;
      aged.emplace(*aged_ev, at_start, loss, log_target, eo, margin_here);
      ++out.evaluations;
    }
    // The aged BERs as they stand (AgedBers makes more of them exact as the step needs them).
    auto read_bers = [&] {
      if (aged) {
        log_ber = aged->log10_ber();
        return;
      }
      for (const auto& c : at_start.channels) {
        if (c.index < 0 || c.index >= pixels) continue;
        log_ber[c.index] = c.dead ? 0.0 : c.log10_ber;
      }
    };
    auto worst_of = [&](const std::vector<int>& set) {
      double worst = -400.0;
      if (aged) {
        worst = aged->worst(set);
        read_bers();
      } else {
        for (int a : set) worst = std::max(worst, log_ber[a]);
      }
      return worst;
    };
    read_bers();
    auto better = [&](int a, int b) { return log_ber[a] < log_ber[b]; };

    DegradationStep st;
    st.age_years = age;
    st.mean_loss_db = std::accumulate(loss.begin(), loss.end(), 0.0) / std::max(1, pixels);
    st.max_loss_db = loss.empty() ? 0.0 : *std::max_element(loss.begin(), loss.end());
    if (step == 0) {
      // Link-up as the lanes were assigned; only the spares that meet the target can take over.
      active = lanes.active_channels();
      for (int i = 0; i < pixels; ++i)
        if (lanes.roles[i] == link::ChannelRole::kSpare && log_ber[i] <= log_target)
          spares.push_back(i);
      std::stable_sort(spares.begin(), spares.end(), better);
      out.spares_at_start = static_cast<int>(spares.size());
      int candidates = 0;
      for (int i = 0; i < pixels; ++i) candidates += lanes.roles[i] == link::ChannelRole::kSpare;
      out.spares_unusable_at_start = std::max(0, candidates - out.spares_at_start);
      if (lanes.summary.active_short > 0) st.failed = true;
    }
    st.worst_log10_ber_before = worst_of(active);
    // Swap the worst offenders first so that the best spares go where they are needed most. (A
    // bound lies a decade below the target: every channel over it was searched.)
    std::vector<int> over;
    for (std::size_t i = 0; i < active.size(); ++i)
      if (log_ber[active[i]] > log_target) over.push_back(static_cast<int>(i));
    if (aged && !over.empty()) {
      // Which spares take over, and so the worst after the swaps, follows their order: searched
      // where every offender finds one (where the spares run out the link fails whichever go).
      const auto usable = std::count_if(spares.begin(), spares.end(),
                                        [&](int p) { return log_ber[p] <= log_target; });
      if (static_cast<std::size_t>(usable) >= over.size()) {
        aged->make_exact(spares);
        read_bers();
      }
    }
    std::sort(over.begin(), over.end(),
              [&](int a, int b) { return log_ber[active[a]] > log_ber[active[b]]; });
    for (int slot : over) {
      std::stable_sort(spares.begin(), spares.end(), better);
      if (spares.empty() || log_ber[spares.front()] > log_target) {
        st.failed = true;
        break;
      }
      active[slot] = spares.front();
      spares.erase(spares.begin());
      ++st.swaps;
      ++out.spares_used;
    }
    const double worst_after = worst_of(active);
    st.worst_log10_ber = worst_after;
    st.spares_left = static_cast<int>(std::count_if(
        spares.begin(), spares.end(), [&](int s) { return log_ber[s] <= log_target; }));
    out.worst_log10_ber = step == 0 ? worst_after : std::max(out.worst_log10_ber, worst_after);
    out.steps.push_back(st);
    if (step == last_step && step > 0 && !st.failed && options.margin_at_end) {
      out.end_margin_computed = true;
      out.end_margin_db =
          phy::optical_margin_db(*aged_ev, aged->result(), active, link::kKp4PreFecBer, eo);
    }
    if (step == last_step || st.failed) {
      out.log10_ber_last = log_ber;
      out.last_age_years = age;
    }
    if (options.progress)
      options.progress->update(double(step + 1) / (last_step + 1), "degradation");
    if (st.failed) {
      out.failed = true;
      out.failure_age_years = age;
      break;
    }
  }
  out.assumptions = ageing_assumptions(spec);
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "degradation: a %.0f %% per-channel log-normal spread of the decay rate; physics "
                "at age 0 and at %d later ages over %.3g years",
                100.0 * rs.led_decay_sigma, last_step, rs.service_life_years);
  out.assumptions.push_back(buf);
  std::snprintf(buf, sizeof buf,
                "degradation: a channel above BER %.3g is swapped for the best spare meeting it; "
                "random (catastrophic) channel failures are modelled separately",
                rs.degradation_ber_target);
  out.assumptions.push_back(buf);
  return out;
}

}  // namespace mosaic::reliability

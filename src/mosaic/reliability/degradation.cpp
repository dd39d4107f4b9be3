#include "mosaic/reliability/degradation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/reliability/lifetime.hpp"

namespace mosaic::reliability {

std::vector<double> led_decay_db(const LinkSpec& spec, int channels, double age_years) {
  const auto& r = spec.reliability;
  const double af = arrhenius_factor(r.activation_energy_ev, r.reference_temperature_c,
                                     spec.environment.case_temperature_c);
  const double base = r.led_decay_db_per_year * std::pow(age_years * af, r.led_decay_exponent);
  const double s = r.led_decay_sigma;
  std::vector<double> loss(channels);
  for (int i = 0; i < channels; ++i) {
    // The same draw at every age: a channel that decays fast keeps decaying fast.
    Rng rng(spec.seed, RngPurpose::kDegradation, static_cast<std::uint64_t>(i));
    loss[i] = base * std::exp(s * rng.normal() - 0.5 * s * s);
  }
  return loss;
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
  for (int step = 0; step <= last_step; ++step) {
    const double age = ages[step];
    const std::vector<double> loss = led_decay_db(spec, pixels, age);
    phy::PhyResult aged;
    if (step > 0) {
      phy::EvalOptions eo;
      eo.threads = options.threads;
      eo.bathtubs = false;
      eo.extra_loss_db = loss;
      aged = phy::evaluate(spec, eo);
      ++out.evaluations;
    }
    const phy::PhyResult& phy = step == 0 ? at_start : aged;
    for (const auto& c : phy.channels) {
      if (c.index < 0 || c.index >= pixels) continue;
      log_ber[c.index] = c.dead ? 0.0 : c.log10_ber;
    }
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
    double worst_before = -400.0;
    for (int a : active) worst_before = std::max(worst_before, log_ber[a]);
    st.worst_log10_ber_before = worst_before;
    // Swap the worst offenders first so that the best spares go where they are needed most.
    std::vector<int> over;
    for (std::size_t i = 0; i < active.size(); ++i)
      if (log_ber[active[i]] > log_target) over.push_back(static_cast<int>(i));
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
    double worst_after = -400.0;
    for (int a : active) worst_after = std::max(worst_after, log_ber[a]);
    st.worst_log10_ber = worst_after;
    st.spares_left = static_cast<int>(std::count_if(
        spares.begin(), spares.end(), [&](int s) { return log_ber[s] <= log_target; }));
    out.worst_log10_ber = step == 0 ? worst_after : std::max(out.worst_log10_ber, worst_after);
    out.steps.push_back(st);
    if (options.progress)
      options.progress->update(double(step + 1) / (last_step + 1), "degradation");
    if (st.failed) {
      out.failed = true;
      out.failure_age_years = age;
      break;
    }
  }
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "degradation: microLED output decays as %.3g dB/year x (age x AF)^%.3g with a "
                "%.0f %% per-channel spread; physics at age 0 and at %d later ages over %.3g years",
                rs.led_decay_db_per_year, rs.led_decay_exponent, 100.0 * rs.led_decay_sigma,
                last_step, rs.service_life_years);
  out.assumptions.push_back(buf);
  std::snprintf(buf, sizeof buf,
                "degradation: a channel above BER %.3g is swapped for the best spare meeting it; "
                "random (catastrophic) channel failures are modelled separately",
                rs.degradation_ber_target);
  out.assumptions.push_back(buf);
  return out;
}

}  // namespace mosaic::reliability

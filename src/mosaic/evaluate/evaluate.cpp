#include "mosaic/evaluate/evaluate.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "mosaic/core/parallel.hpp"
#include "mosaic/link/assign_roles.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/reliability/usable_spares.hpp"

namespace mosaic {
namespace {

// The worst active channel again, bathtubs and eye heights on: at its phase, the threshold and BER
// come out as before (the best threshold depends on the phase only).
void refill_worst_bathtubs(phy::LinkEvaluator& ev, int worst,
                           std::vector<phy::ChannelResult>& channels) {
  if (worst < 0) return;
  const int os = ev.chain().samples_per_ui();
  const auto phase = static_cast<int>(std::lround(channels[worst].sampling_phase_ui * os));
  phy::ChannelResult again = ev.evaluate_channel(worst, true, phase);
  channels[worst].bathtub_phase = std::move(again.bathtub_phase);
  channels[worst].bathtub_threshold = std::move(again.bathtub_threshold);
  channels[worst].eye_height_a = again.eye_height_a;
  channels[worst].eye_height_1e12_a = again.eye_height_1e12_a;
}

}  // namespace

Evaluation evaluate(const LinkSpec& spec, const EvalOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  Evaluation r;
  r.spec = spec;
  phy::EvalOptions eval;
  eval.threads = options.threads;
  eval.progress = options.progress;
  eval.bathtubs = options.bathtubs;
  eval.eye_heights = options.eye_heights;
  // One evaluator for the statistical eye and Monte Carlo: same array, CTLE and pulse responses.
  phy::LinkEvaluator ev(spec);
  r.phy = phy::evaluate(ev, eval);
  ++r.physics_evaluations;
  const auto t1 = Clock::now();
  r.lanes = link::assign_roles(spec, r.phy.channels);
  if (!options.bathtubs && options.worst_bathtubs)
    refill_worst_bathtubs(ev, r.lanes.summary.worst_channel, r.phy.channels);
  if (const int worst = r.lanes.summary.worst_channel; options.bathtubs && worst >= 0) {
    // At the phase the run sampled it (its row's under a forwarded clock).
    const int os = ev.chain().samples_per_ui();
    r.worst_eye = phy::analyse_eye(
        ev, worst, static_cast<int>(std::lround(r.phy.channels[worst].sampling_phase_ui * os)));
  }
  if (options.margin) {
    r.lanes.summary.margin_computed = true;
    const std::optional<double> margin =
        phy::optical_margin_db(ev, r.phy, r.lanes.active_channels(), link::kKp4PreFecBer, eval);
    r.lanes.summary.margin_reachable = margin.has_value();
    r.lanes.summary.optical_margin_db = margin.value_or(0.0);
  }
  if (options.link_budget)
    r.link_budget = link_budget(ev, r.phy, r.lanes, options.threads, options.link_budget_every);
  r.power = power::budget(spec);
  if (r.power.led_drive) {
    r.led_drive = r.power.led_drive;
  } else if (ev.chain().led().runs_on_drive()) {
    r.led_drive = ev.chain().led().drive();
  }
  // Only spares that meet the BER target can take over a failed channel.
  r.reliability = reliability::link_reliability(
      spec, reliability::count_usable_spares(r.phy.channels, r.lanes,
                                             spec.reliability.degradation_ber_target));
  r.led_ageing = reliability::led_ageing(spec);
  if (options.degradation) {
    reliability::DegradationOptions d;
    d.threads = options.threads;
    d.progress = options.progress;
    d.fresh = &ev;
    // Age 0 is this evaluation: only the later ages run the physics again.
    r.degradation = reliability::simulate_degradation(spec, r.phy, r.lanes, d);
    r.physics_evaluations += r.degradation->evaluations;
  }
  if (options.end_of_life) {
    r.end_of_life = end_of_life(spec, r.phy, r.lanes, options.threads, options.margin,
                                r.degradation ? &*r.degradation : nullptr, &ev);
    r.physics_evaluations += r.end_of_life->evaluations;
  }
  const auto t2 = Clock::now();
  if (options.monte_carlo) {
    // The statistical eye's phases and thresholds are where Monte Carlo samples.
    phy::mc::McOptions mc;
    mc.channels = options.mc_channels;
    mc.eye_channels = options.eye_channels;
    mc.threads = options.threads;
    mc.progress = options.mc_progress;
    r.monte_carlo = phy::mc::monte_carlo(ev, r.phy.channels, mc);
  }
  r.assumptions = r.phy.assumptions;
  if (r.monte_carlo)
    r.assumptions.emplace_back(
        "Monte Carlo: bit-true waveforms (16 independent lanes per channel), noise injected at the "
        "TIA input and filtered, shot noise scaled by the instantaneous photocurrent, "
        "jittered sampling at the statistical eye's phase and threshold; see docs/monte_carlo.md");
  r.assumptions.emplace_back(
      "Roles: dead pixels mapped out; the lowest-BER live channels carry data, the next ones ECC, "
      "the rest are spares; a spare is usable when its BER meets the KP4 pre-FEC limit 2.4e-4");
  if (options.margin)
    r.assumptions.emplace_back(
        "Optical margin: uniform launch-power loss on every channel until the "
        "worst active channel reaches the KP4 pre-FEC BER 2.4e-4");
  if (r.worst_eye) {
    const phy::EyeMaskSpec& m = r.worst_eye->mask.spec;
    r.assumptions.push_back(
        "Jitter budget: the only random jitter is the Gaussian sampling jitter (rx.jitter_rms_ps); "
        "the deterministic jitter is the peak-to-peak spread of the threshold crossings over every "
        "data pattern of the channel's own taps (ISI) and its neighbours' (crosstalk), noise and "
        "jitter off and the lumped small taps left out; the dual-Dirac total DJ + 2 Q(BER) RJ "
        "is a decomposition in which that peak-to-peak DJ stands in for the dual-Dirac DJ (it "
        "bounds it from above) and amplitude noise has no part; the statistical eye's own "
        "opening, noise included, is the exact figure");
    r.assumptions.push_back(fmt::format(
        "Eye mask: a chosen hexagon (no published mask for the module's receiver) centred on the "
        "decision point, {:g} UI wide at the threshold, its flat top {:g} UI wide at +-{:g} of "
        "the signal swing; it passes when it lies where the statistical eye's BER is at most "
        "{:g}, checked along the rays through its corners and edge midpoints; the margin is how "
        "far it can be scaled about the decision point before it leaves that region",
        2 * m.half_width_ui, 2 * m.flat_half_width_ui, m.half_height_swing, m.ber));
  }
  if (r.link_budget)
    r.assumptions.insert(r.assumptions.end(), r.link_budget->assumptions.begin(),
                         r.link_budget->assumptions.end());
  for (const auto* more : {&r.power.assumptions, &r.reliability.assumptions})
    r.assumptions.insert(r.assumptions.end(), more->begin(), more->end());
  if (r.degradation) {
    r.assumptions.insert(r.assumptions.end(), r.degradation->assumptions.begin(),
                         r.degradation->assumptions.end());
  } else if (r.end_of_life || r.link_budget) {
    // The end of life and the margin after ageing age the LEDs by the same law.
    const auto ageing = reliability::ageing_assumptions(spec);
    r.assumptions.insert(r.assumptions.end(), ageing.begin(), ageing.end());
  }
  r.verdict = judge(r);
  r.timing.phy_s = std::chrono::duration<double>(t1 - t0).count();
  r.timing.margin_s = std::chrono::duration<double>(t2 - t1).count();
  r.timing.total_s = std::chrono::duration<double>(Clock::now() - t0).count();
  r.timing.threads = resolve_threads(options.threads);
  return r;
}

}  // namespace mosaic

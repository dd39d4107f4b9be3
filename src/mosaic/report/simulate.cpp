#include "mosaic/report/simulate.hpp"

#include <chrono>

#include "mosaic/core/parallel.hpp"
#include "mosaic/link/assign_roles.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/reliability/usable_spares.hpp"

namespace mosaic::report {

LinkReport simulate(const LinkSpec& spec, const SimulateOptions& options, std::string command) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  LinkReport r;
  r.command = std::move(command);
  r.spec = spec;
  phy::EvalOptions eval;
  eval.threads = options.threads;
  eval.progress = options.progress;
  eval.bathtubs = options.bathtubs;
  // One evaluator for the statistical eye and Monte Carlo: same array, CTLE and pulse responses.
  phy::LinkEvaluator ev(spec);
  r.phy = phy::evaluate(ev, eval);
  const auto t1 = Clock::now();
  r.link = link::assign_roles(spec, r.phy.channels);
  if (options.margin) {
    const auto active = link::active_channels(r.phy.channels);
    r.link.margin_computed = true;
    r.link.optical_margin_db =
        phy::optical_margin_db(spec, r.phy, active, phy::kKp4PreFecBer, eval);
  }
  r.power = power::budget(spec);
  // Only spares that meet the BER target can take over a failed channel.
  r.reliability = reliability::link_reliability(
      spec,
      reliability::count_usable_spares(r.phy.channels, spec.reliability.degradation_ber_target));
  if (options.degradation) {
    reliability::DegradationOptions d;
    d.threads = options.threads;
    d.progress = options.progress;
    r.degradation = reliability::simulate_degradation(spec, d);
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
      "the rest are spares");
  if (options.margin)
    r.assumptions.emplace_back(
        "Optical margin: uniform launch-power loss on every channel until the "
        "worst active channel reaches the KP4 pre-FEC BER 2.4e-4");
  for (const auto* more : {&r.power.assumptions, &r.reliability.assumptions})
    r.assumptions.insert(r.assumptions.end(), more->begin(), more->end());
  if (r.degradation)
    r.assumptions.insert(r.assumptions.end(), r.degradation->assumptions.begin(),
                         r.degradation->assumptions.end());
  r.timing.phy_s = std::chrono::duration<double>(t1 - t0).count();
  r.timing.margin_s = std::chrono::duration<double>(t2 - t1).count();
  r.timing.total_s = std::chrono::duration<double>(Clock::now() - t0).count();
  r.timing.threads = resolve_threads(options.threads);
  return r;
}

}  // namespace mosaic::report

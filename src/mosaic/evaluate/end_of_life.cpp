#include "mosaic/evaluate/end_of_life.hpp"

#include "mosaic/evaluate/failure_age.hpp"

namespace mosaic {

EndOfLife end_of_life(const LinkSpec& spec, const phy::PhyResult& at_start,
                      const link::LaneAssignment& lanes, int threads, bool margin,
                      const reliability::DegradationResult* aged, phy::LinkEvaluator* fresh) {
  EndOfLife out;
  const double life = spec.reliability.service_life_years;
  out.age_years = life;
  auto run = [&](double age, bool with_margin) {
    reliability::DegradationOptions o;
    o.threads = threads;
    o.ages_years = {age};
    o.margin_at_end = with_margin;
    o.fresh = fresh;
    const reliability::DegradationResult r =
        reliability::simulate_degradation(spec, at_start, lanes, o);
    out.evaluations += r.evaluations;
    return r;
  };
  const reliability::DegradationResult last = aged ? *aged : run(life, margin);
  out.failed = last.failed;
  out.spares_at_start = last.spares_at_start;
  out.spares_used = last.spares_used;
  out.worst_log10_ber = last.worst_log10_ber;
  if (margin && !last.failed) {
    // From the one evaluation at the end of life whichever way the ageing ran: the stepwise
    // ageing swaps channels at earlier ages too, and the margin is one figure for both.
    const reliability::DegradationResult& at_life = aged ? run(life, true) : last;
    out.margin_computed = at_life.end_margin_computed;
    out.optical_margin_db = at_life.end_margin_db;
  }
  if (!out.failed) return out;
  // The stepwise ageing's first failing step is coarser than the search's grid: the same search
  // either way, so that `--degradation` states the same failure age.
  if (last.failure_age_years && *last.failure_age_years == 0.0) {
    out.failure_age_years = 0.0;
    return out;
  }
  // The evaluations the search interpolates between: age 0 and the last age evaluated.
  std::vector<AgedLink> known(2);
  known[0].log10_ber.resize(last.log10_ber_last.size(), 0.0);
  for (const auto& c : at_start.channels)
    if (c.index >= 0 && c.index < static_cast<int>(known[0].log10_ber.size()))
      known[0].log10_ber[c.index] = c.dead ? 0.0 : c.log10_ber;
  known[1] = {last.last_age_years, last.log10_ber_last, true};
  const FailureAge found = find_failure_age(spec, lanes, std::move(known), [&](double age) {
    const reliability::DegradationResult r = run(age, false);
    return AgedLink{age, r.log10_ber_last, r.failed};
  });
  out.failure_age_years = found.age_years;
  return out;
}

}  // namespace mosaic

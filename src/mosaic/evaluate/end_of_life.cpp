#include "mosaic/evaluate/end_of_life.hpp"

namespace mosaic {
namespace {

constexpr int kBisections = 6;  // the failure age to life / 64

}  // namespace

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
  // The stepwise ageing's first failing step is coarser than the bisection: the same bisection
  // either way, so that `--degradation` states the same failure age.
  if (last.failure_age_years && *last.failure_age_years == 0.0) {
    out.failure_age_years = 0.0;
    return out;
  }
  double ok = 0.0, bad = life;
  for (int i = 0; i < kBisections; ++i) {
    const double mid = 0.5 * (ok + bad);
    (run(mid, false).failed ? bad : ok) = mid;
  }
  out.failure_age_years = bad;
  return out;
}

}  // namespace mosaic

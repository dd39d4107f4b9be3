#include "mosaic/evaluate/end_of_life.hpp"

namespace mosaic {
namespace {

constexpr int kBisections = 6;  // the failure age to life / 64

}  // namespace

EndOfLife end_of_life(const LinkSpec& spec, const phy::PhyResult& at_start,
                      const link::LaneAssignment& lanes, int threads,
                      const reliability::DegradationResult* aged) {
  EndOfLife out;
  const double life = spec.reliability.service_life_years;
  out.age_years = life;
  auto run = [&](double age) {
    reliability::DegradationOptions o;
    o.threads = threads;
    o.ages_years = {age};
    const reliability::DegradationResult r =
        reliability::simulate_degradation(spec, at_start, lanes, o);
    out.evaluations += r.evaluations;
    return r;
  };
  const reliability::DegradationResult last = aged ? *aged : run(life);
  out.failed = last.failed;
  out.spares_at_start = last.spares_at_start;
  out.spares_used = last.spares_used;
  out.worst_log10_ber = last.worst_log10_ber;
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
    (run(mid).failed ? bad : ok) = mid;
  }
  out.failure_age_years = bad;
  return out;
}

}  // namespace mosaic

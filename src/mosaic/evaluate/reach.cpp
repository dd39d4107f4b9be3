#include "mosaic/evaluate/reach.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic {
namespace {

constexpr double kLongestProbeM = 1000.0;  // fiber.length_m's own upper bound
constexpr double kStep = 1.25;

EvalOptions probe_options(int threads) {
  // Only the verdict is needed (its end of life included): no margin search, bathtubs or
  // per-channel eye heights.
  EvalOptions o;
  o.threads = threads;
  o.margin = false;
  o.bathtubs = false;
  o.eye_heights = false;
  return o;
}

}  // namespace

ReachSearch physical_reach(const LinkSpec& design, double tolerance_m, int threads,
                           Progress* progress) {
  ReachSearch r;
  const EvalOptions options = probe_options(threads);
  auto meets = [&](double length) {
    LinkSpec s = design;
    s.fiber.length_m = length;
    const bool ok = evaluate(s, options).verdict.meets;
    r.probes.push_back({length, ok});
    if (progress)
      progress->update(std::min(0.95, r.probes.size() / 10.0),
                       fmt::format("MOSAIC reach: {:.4g} m {}", length, ok ? "meets" : "fails"));
    return ok;
  };
  double lo = 0.0;
  double hi = std::min(kLongestProbeM, std::max(tolerance_m, design.module.rated_reach_m));
  if (meets(hi)) {
    lo = hi;
    for (;;) {
      if (lo >= kLongestProbeM) {
        r.reach_m = lo;
        return r;
      }
      hi = std::min(kLongestProbeM, lo * kStep);
      if (!meets(hi)) break;
      lo = hi;
    }
  } else {
    for (;;) {
      const double next = hi / kStep;
      if (next < tolerance_m) {
        r.reach_m = 0.0;
        return r;
      }
      if (meets(next)) {
        lo = next;
        break;
      }
      hi = next;
    }
  }
  while (hi - lo > tolerance_m) {
    const double mid = 0.5 * (lo + hi);
    (meets(mid) ? lo : hi) = mid;
  }
  r.reach_m = lo;
  return r;
}

}  // namespace mosaic

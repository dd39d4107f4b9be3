#include "mosaic/cluster/mosaic_technology.hpp"

#include <fmt/format.h>

#include <cmath>

#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic::cluster {
namespace {

constexpr double kLongestProbeM = 1000.0;  // fiber.length_m's own upper bound
constexpr double kStep = 1.25;

EvalOptions probe_options(int threads) {
  // Only the verdict is needed: no margin search, bathtubs or per-channel eye heights.
  EvalOptions o;
  o.threads = threads;
  o.margin = false;
  o.bathtubs = false;
  o.eye_heights = false;
  return o;
}

}  // namespace

bool design_meets(const Evaluation& e) {
  return e.verdict.meets;
}

ReachSearch mosaic_reach(const LinkSpec& design, double tolerance_m, int threads,
                         Progress* progress) {
  ReachSearch r;
  const EvalOptions options = probe_options(threads);
  auto meets = [&](double length) {
    LinkSpec s = design;
    s.fiber.length_m = length;
    const bool ok = design_meets(evaluate(s, options));
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

MosaicFigures mosaic_figures(const LinkSpec& design, const std::string& name, double rate_gbps,
                             double tolerance_m, bool search_reach, int threads,
                             Progress* progress) {
  const Evaluation e = evaluate(design, probe_options(threads));
  MosaicFigures m;
  m.rate_gbps = e.power.payload_rate_gbps;
  if (std::abs(m.rate_gbps - rate_gbps) > 0.02 * rate_gbps)
    throw ConfigError("links.mosaic_preset", "\"" + name + "\"",
                      fmt::format("a design whose payload rate is links.rate_gbps = {:g} Gb/s "
                                  "(it carries {:.4g} Gb/s)",
                                  rate_gbps, m.rate_gbps));
  m.design = name;
  m.w_per_end = e.power.per_end_w;
  m.link_fit = e.reliability.link_fit;
  m.latency_ns = e.link().electronics_latency_ns;
  m.case_temperature_c = design.environment.case_temperature_c;
  m.usable_spares = e.reliability.spares;
  if (!search_reach) return m;
  const ReachSearch search = mosaic_reach(design, tolerance_m, threads, progress);
  m.reach_m = search.reach_m;
  for (const auto& p : search.probes) m.reach_probes.emplace_back(p.length_m, p.meets);
  return m;
}

}  // namespace mosaic::cluster

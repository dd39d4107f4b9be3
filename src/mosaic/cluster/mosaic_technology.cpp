#include "mosaic/cluster/mosaic_technology.hpp"

#include <fmt/format.h>

#include <cmath>

#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/reach.hpp"

namespace mosaic::cluster {
namespace {

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
  const ReachSearch search = physical_reach(design, tolerance_m, threads, progress);
  m.reach_m = search.reach_m;
  for (const auto& p : search.probes) m.reach_probes.emplace_back(p.length_m, p.meets);
  return m;
}

}  // namespace mosaic::cluster

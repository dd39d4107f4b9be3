#include "mosaic/sweep/cluster_point.hpp"

#include <chrono>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "mosaic/cluster/cluster_study.hpp"
#include "mosaic/cluster/mosaic_technology.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/record/cluster_json.hpp"
#include "mosaic/record/report_json.hpp"
#include "mosaic/sweep/grid.hpp"

namespace mosaic::sweep {
namespace {

using cluster::ClusterResult;
using cluster::Medium;

double cables_of(const ClusterResult& r, Medium m) {
  double n = 0.0;
  for (std::size_t k = 0; k < r.technologies.size(); ++k)
    if (r.technologies[k].medium == m) n += static_cast<double>(r.specified.assignment.cables[k]);
  return n;
}

double largest_message(const ClusterResult& r, cluster::Collective c) {
  const auto& times = r.specified.collectives.back();
  return c == cluster::Collective::kAllReduce ? cluster::fastest(times, c).time_s
                                              : r.specified.mix_s.back();
}

std::vector<ClusterColumn> make_columns() {
  std::vector<ClusterColumn> c;
  auto add = [&](std::string name, std::string unit, std::string doc, bool integer, auto f) {
    c.push_back({std::move(name), std::move(unit), std::move(doc), integer,
                 [f](const ClusterResult& r) { return static_cast<double>(f(r)); }});
  };
  add(kFeasibleColumn, "", "1 when an allowed technology reaches every cable", true,
      [](const ClusterResult&) { return 1; });
  add("power.total_kw", "kW", "IT and interconnect power of the cluster", false,
      [](const ClusterResult& r) { return r.specified.power.total_kw; });
  add("power.interconnect_kw", "kW", "every cable end, copper included", false,
      [](const ClusterResult& r) { return r.specified.power.interconnect_kw; });
  add("power.module_kw", "kW", "the ends of optics and MOSAIC", false,
      [](const ClusterResult& r) { return r.specified.power.module_kw; });
  add("power.modules", "", "ends of optics and MOSAIC", true,
      [](const ClusterResult& r) { return r.specified.power.modules; });
  add("power.interconnect_share", "", "interconnect / total power", false,
      [](const ClusterResult& r) { return r.specified.power.interconnect_share; });
  add("power.max_rack_kw", "kW", "the most power one rack draws", false,
      [](const ClusterResult& r) { return r.specified.power.max_rack_kw; });
  add("power.racks_over_limit", "", "racks over their power or cooling limit", true,
      [](const ClusterResult& r) { return r.specified.power.racks_over_limit; });
  add("cables.total", "", "cables of both fabrics", true,
      [](const ClusterResult& r) { return r.cables.cables(); });
  add("cables.copper", "", "cables on copper", true,
      [](const ClusterResult& r) { return cables_of(r, Medium::kCopper); });
  add("cables.optical", "", "cables on laser optics", true,
      [](const ClusterResult& r) { return cables_of(r, Medium::kOptical); });
  add("cables.mosaic", "", "cables on MOSAIC", true,
      [](const ClusterResult& r) { return cables_of(r, Medium::kMosaic); });
  add("cables.max_m", "m", "the longest cable", false, [](const ClusterResult& r) {
    double m = 0.0;
    for (const auto& t : r.tiers) m = std::max(m, t.max_m);
    return m;
  });
  add("failures.cluster_fit", "FIT", "link FIT summed over the cluster", false,
      [](const ClusterResult& r) { return r.specified.failures.cluster_fit; });
  add("failures.per_day", "1/day", "link failures per day", false,
      [](const ClusterResult& r) { return r.specified.failures.failures_per_day; });
  add("failures.job_mtbf_h", "h", "time between the job's interruptions", false,
      [](const ClusterResult& r) { return r.specified.failures.job_mtbf_h; });
  add("goodput.goodput", "", "useful share of wall time at Daly's interval", false,
      [](const ClusterResult& r) { return r.specified.goodput.goodput; });
  add("goodput.daly_s", "s", "Daly's checkpoint interval", false,
      [](const ClusterResult& r) { return r.specified.goodput.daly_s; });
  add("collectives.all_reduce_s", "s", "fastest all-reduce at the largest message", false,
      [](const ClusterResult& r) { return largest_message(r, cluster::Collective::kAllReduce); });
  add("collectives.mix_s", "s", "the collective mix at the largest message", false,
      [](const ClusterResult& r) { return largest_message(r, cluster::Collective::kAllToAll); });
  add("mosaic.reach_m", "m", "the MOSAIC design's reach from its physics", false,
      [](const ClusterResult& r) { return r.mosaic.reach_m; });
  return c;
}

// The axes that change the MOSAIC design's figures, so that they cannot be resolved once.
bool design_varies(const SweepDefinition& sweep) {
  for (const auto& a : sweep.grid.axes)
    if (a.key.rfind("links.mosaic", 0) == 0 || a.key == "links.rate_gbps" ||
        a.key == "links.reach_tolerance_m")
      return true;
  return false;
}

}  // namespace

std::span<const ClusterColumn> cluster_point_columns() {
  static const std::vector<ClusterColumn> columns = make_columns();
  return columns;
}

int find_cluster_point_column(std::string_view name) {
  const auto cols = cluster_point_columns();
  for (std::size_t i = 0; i < cols.size(); ++i)
    if (cols[i].name == name) return static_cast<int>(i);
  return -1;
}

ClusterContext prepare_cluster_sweep(const SweepDefinition& sweep,
                                     const power::BaselineCatalog& catalog, int threads) {
  ClusterContext c;
  c.catalog = &catalog;
  // Every point's technology names against the catalog, before anything runs.
  const cluster::MosaicFigures names_only;
  for (std::size_t i = 0; i < sweep.grid.points.size(); ++i) {
    const ClusterSpec spec = point_cluster(sweep.cluster->base, sweep.grid, i);
    try {
      cluster::resolve_technologies(spec.links.technologies, "links.technologies", spec, catalog,
                                    names_only);
      cluster::resolve_technologies({spec.fleet.baseline}, "fleet.baseline", spec, catalog,
                                    names_only);
    } catch (const ConfigError& e) {
      throw ConfigError(e.field() + " at sweep point " + std::to_string(i), e.value(), e.allowed());
    }
  }
  if (!design_varies(sweep)) {
    const ClusterSweep& s = *sweep.cluster;
    // Searched whether or not the base allows MOSAIC: an axis may allow it.
    c.mosaic = cluster::mosaic_figures(s.design, s.design_name, s.base.links.rate_gbps,
                                       s.base.links.reach_tolerance_m, true, threads);
  }
  return c;
}

PointResult evaluate_cluster_point(const SweepDefinition& sweep, const ClusterContext& context,
                                   std::size_t index, int threads) {
  const auto t0 = std::chrono::steady_clock::now();
  const ClusterSweep& s = *sweep.cluster;
  const ClusterSpec spec = point_cluster(s.base, sweep.grid, index);
  study::ClusterOptions options;
  options.threads = threads;
  PointResult p;
  p.index = index;
  try {
    std::optional<cluster::MosaicFigures> own;
    if (!context.mosaic)
      own = cluster::mosaic_figures(s.design, s.design_name, spec.links.rate_gbps,
                                    spec.links.reach_tolerance_m, true, threads);
    const ClusterResult r =
        cluster::evaluate_cluster(spec, s.design, s.design_name, *context.catalog, options, nullptr,
                                  context.mosaic ? &*context.mosaic : &*own);
    for (const auto& c : cluster_point_columns()) p.outputs.push_back(c.value(r));
    p.report_json = record::cluster_record(r, "mosaic sweep point", false).dump();
  } catch (const cluster::UnreachedCable& e) {
    // Only the cables nothing reaches make a point infeasible; every other error is the sweep's.
    p.outputs.assign(cluster_point_columns().size(), std::nullopt);
    p.outputs[0] = 0.0;
    nlohmann::json j = record::header_json("cluster", "mosaic sweep point", s.design);
    j["seed"] = spec.cluster.seed;
    j["cluster"] = record::cluster_spec_to_json(spec);
    j["infeasible"] = e.what();
    p.report_json = j.dump();
  }
  p.eval_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return p;
}

}  // namespace mosaic::sweep

#include "mosaic/cluster/cluster_study.hpp"

#include <algorithm>
#include <chrono>

#include "mosaic/cluster/choice.hpp"
#include "mosaic/cluster/lengths.hpp"
#include "mosaic/cluster/mosaic_technology.hpp"

namespace mosaic::cluster {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The study's technology list: the allowed set, then what --compare adds.
std::vector<std::string> technology_names(const ClusterSpec& s, bool compare) {
  std::vector<std::string> names = s.links.technologies;
  if (compare)
    for (const auto& n : s.links.compare)
      if (!contains(names, n)) names.push_back(n);
  return names;
}

double passive_copper_reach(const ClusterSpec& s, const power::BaselineCatalog& catalog,
                            const MosaicFigures& mosaic) {
  std::vector<std::string> copper;
  for (const auto& id : catalog_technologies(catalog, s.links.rate_gbps))
    if (id == "dac") copper.push_back(id);
  double reach = 0.0;
  for (const auto& t : resolve_technologies(copper, "links.technologies", s, catalog, mosaic))
    reach = std::max(reach, t.reach_m);
  return reach;
}

std::vector<DomainScaling> domain_scaling(const ClusterSpec& s, const CablePlan& plan,
                                          const std::vector<Technology>& list,
                                          const Assignment& a) {
  std::vector<int> sizes = s.workload.domain_sizes;
  sizes.push_back(s.scale_up.domain_gpus);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  const double m =
      *std::max_element(s.workload.message_bytes.begin(), s.workload.message_bytes.end());
  std::vector<DomainScaling> out;
  for (const int d : sizes) {
    const auto times = collective_times(job_topology(s, plan, list, a, d), m);
    DomainScaling x;
    x.domain = d;
    for (const Collective c : {Collective::kAllReduce, Collective::kReduceScatter,
                               Collective::kAllGather, Collective::kAllToAll})
      x.fastest.push_back(fastest(times, c));
    x.mix_s = mix_time_s(s.workload, times);
    out.push_back(std::move(x));
  }
  return out;
}

}  // namespace

bool needs_mosaic_reach(const ClusterSpec& s, bool compare) {
  return contains(technology_names(s, compare), kMosaicId);
}

MosaicFigures resolve_mosaic(const ClusterSpec& s, const LinkSpec& design,
                             const std::string& design_name, bool compare, int threads,
                             Progress* progress) {
  return mosaic_figures(design, design_name, s.links.rate_gbps, s.links.reach_tolerance_m,
                        needs_mosaic_reach(s, compare), threads, progress);
}

ClusterResult evaluate_cluster(const ClusterSpec& s, const LinkSpec& design,
                               const std::string& design_name,
                               const power::BaselineCatalog& catalog,
                               const study::ClusterOptions& options, Progress* progress,
                               const MosaicFigures* mosaic, const reliability::FleetShare* share) {
  options.validate();
  const auto t0 = std::chrono::steady_clock::now();
  ClusterResult r;
  r.spec = s;
  r.design = design;
  r.mosaic =
      mosaic ? *mosaic
             : resolve_mosaic(s, design, design_name, options.compare, options.threads, progress);
  r.mosaic_reach_searched = !r.mosaic.reach_probes.empty();
  r.technologies = resolve_technologies(technology_names(s, options.compare), "links.technologies",
                                        s, catalog, r.mosaic);
  // The fleet's baseline is named by its own key.
  const Technology baseline =
      resolve_technologies({s.fleet.baseline}, "fleet.baseline", s, catalog, r.mosaic).front();
  r.copper_reach_m = passive_copper_reach(s, catalog, r.mosaic);
  r.scale_up = scale_up_counts(s);
  r.scale_out = scale_out_counts(s);
  r.cables = plan_cables(s);

  std::vector<int> allowed(s.links.technologies.size());
  for (std::size_t k = 0; k < allowed.size(); ++k) allowed[k] = static_cast<int>(k);
  r.specified = evaluate_choice(s, r.cables, r.technologies, "as specified", allowed, {});
  const std::size_t n = r.technologies.size();
  r.tiers = tier_lengths(r.cables, r.specified.assignment, n, r.copper_reach_m);
  r.histogram = length_histogram(r.cables, r.specified.assignment, n, options.histogram_bin_m);
  if (progress) progress->update(0.96, "fleet Monte Carlo");
  r.fleet = cluster_fleet(s, r.technologies, r.specified.assignment, design, r.mosaic,
                          options.threads, share);
  if (options.compare)
    for (const auto& name : s.links.compare) {
      const auto k = std::find_if(r.technologies.begin(), r.technologies.end(),
                                  [&](const Technology& t) { return t.id == name; }) -
                     r.technologies.begin();
      r.compare.push_back(
          evaluate_choice(s, r.cables, r.technologies, name, {static_cast<int>(k)}, allowed));
    }
  r.scaling = domain_scaling(s, r.cables, r.technologies, r.specified.assignment);
  r.savings = fleet_savings(
      s.fleet.cables_per_year, s.fleet.baseline_w_per_end.value_or(baseline.w_per_end),
      s.fleet.mosaic_w_per_end.value_or(r.mosaic.w_per_end), s.fleet.home_kwh_per_year);
  r.assumptions = cluster_assumptions(r);
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (progress) progress->update(1.0, "done");
  return r;
}

}  // namespace mosaic::cluster

#include "mosaic/cluster/failures.hpp"

#include <chrono>
#include <limits>

#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/reliability/model.hpp"

namespace mosaic::cluster {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double hours_per(double fit) {
  return fit > 0.0 ? reliability::kFitHours / fit : kInf;
}

}  // namespace

LinkFailures link_failures(const ClusterSpec& spec, const std::vector<Technology>& list,
                           const Assignment& a) {
  LinkFailures f;
  std::int64_t cables = 0;
  for (const auto c : a.cables) cables += c;
  for (std::size_t k = 0; k < list.size(); ++k) {
    f.fit.push_back(a.cables[k] * list[k].link_fit);
    f.cluster_fit += f.fit.back();
    f.mtbf_if_all_h.push_back(hours_per(cables * list[k].link_fit));
  }
  f.mtbf_h = hours_per(f.cluster_fit);
  f.failures_per_day = f.cluster_fit * 24.0 / reliability::kFitHours;
  f.job_gpus = spec.job_gpus();
  // The job's share of every fabric: its GPUs' own scale-up and leaf cables and, by the same
  // fraction, the shared upper tiers its traffic crosses.
  f.job_link_fit = f.cluster_fit * f.job_gpus / spec.cluster.gpus;
  f.job_other_fit = f.job_gpus * spec.workload.other_fit_per_gpu;
  const double job_fit = f.job_link_fit + f.job_other_fit;
  f.job_mtbf_h = hours_per(job_fit);
  f.job_interruptions_per_day = job_fit * 24.0 / reliability::kFitHours;
  f.job_network_share = job_fit > 0.0 ? f.job_link_fit / job_fit : 0.0;
  return f;
}

ClusterFleet cluster_fleet(const ClusterSpec& spec, const std::vector<Technology>& list,
                           const Assignment& a, const LinkSpec& design, const MosaicFigures& mosaic,
                           int threads, const reliability::FleetShare* share) {
  const auto t0 = std::chrono::steady_clock::now();
  ClusterFleet out;
  out.years = spec.cluster.service_life_years;
  const double horizon_h = out.years * reliability::kHoursPerYear;
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (a.cables[k] == 0) continue;
    const Technology& t = list[k];
    reliability::ReliabilityModel model;
    if (t.medium == Medium::kMosaic) {
      model = reliability::reliability_model(design, mosaic.usable_spares);
    } else {
      // One part in series: the catalog gives the whole link's FIT and nothing finer.
      model.channels = 0;
      model.spares = 0;
      model.ecc = false;
      model.common = reliability::Lifetime::from_fit(t.link_fit);
    }
    model.mttr_h = spec.cluster.mttr_h;
    model.life_h = horizon_h;
    reliability::FleetOptions o;
    o.links = a.cables[k];
    o.years = out.years;
    o.confidence = spec.cluster.confidence;
    o.threads = threads;
    o.share = share;
    check_fleet_memory(o.links, o.years);
    // Fleets of different technologies never share a stream.
    const std::uint64_t seed = spec.cluster.seed ^ (0x9E3779B97F4A7C15ull * (k + 1));
    FleetTechnology ft;
    ft.technology = static_cast<int>(k);
    ft.fleet = reliability::fleet_monte_carlo(model, seed, o);
    ft.expected_failures = a.cables[k] * horizon_h * t.link_fit / reliability::kFitHours;
    out.failures += ft.fleet.failures;
    out.expected_failures += ft.expected_failures;
    out.per_technology.push_back(std::move(ft));
  }
  out.failures_ci = garwood(static_cast<double>(out.failures), spec.cluster.confidence);
  out.mtbf_h = out.failures > 0 ? horizon_h / out.failures : kInf;
  out.mtbf_ci_h = {out.failures_ci.high > 0 ? horizon_h / out.failures_ci.high : kInf,
                   out.failures_ci.low > 0 ? horizon_h / out.failures_ci.low : kInf};
  out.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace mosaic::cluster

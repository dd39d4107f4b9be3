#include "mosaic/cluster/collectives.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic::cluster {
namespace {

Tier slowest(const Topology& t) {
  if (!t.spans()) return t.up;
  return {std::min(t.up.bandwidth_bps, t.out.bandwidth_bps),
          std::max(t.up.latency_s, t.out.latency_s)};
}

int domains_of(const Topology& t) {
  return (t.ranks + t.domain - 1) / t.domain;
}

CollectiveTime timed(Collective c, Algorithm a, int p, double m, double s) {
  CollectiveTime x{c, a, m, s, 0.0, 0.0};
  x.algbw_gbs = s > 0.0 ? m / s / 1e9 : 0.0;
  x.busbw_gbs = x.algbw_gbs * bus_factor(c, p);
  return x;
}

}  // namespace

const char* collective_name(Collective c) {
  switch (c) {
    case Collective::kAllReduce:
      return "all_reduce";
    case Collective::kReduceScatter:
      return "reduce_scatter";
    case Collective::kAllGather:
      return "all_gather";
    case Collective::kAllToAll:
      return "all_to_all";
  }
  return "?";
}

const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::kRing:
      return "ring";
    case Algorithm::kTree:
      return "tree";
    case Algorithm::kHalvingDoubling:
      return "halving_doubling";
    case Algorithm::kHierarchical:
      return "hierarchical";
    case Algorithm::kPairwise:
      return "pairwise";
  }
  return "?";
}

double ring_all_reduce_s(int p, double m, const Tier& t) {
  if (p <= 1) return 0.0;
  return 2.0 * (p - 1) * (t.latency_s + m / (p * t.bandwidth_bps));
}

double tree_all_reduce_s(int p, double m, const Tier& t) {
  if (p <= 1) return 0.0;
  return 2.0 * std::ceil(std::log2(static_cast<double>(p))) * t.latency_s +
         2.0 * m / t.bandwidth_bps;
}

double ring_reduce_scatter_s(int p, double m, const Tier& t) {
  if (p <= 1) return 0.0;
  return (p - 1) * (t.latency_s + m / (p * t.bandwidth_bps));
}

double halving_doubling_all_reduce_s(const Topology& t, double m) {
  const int p = t.ranks;
  if (p <= 1) return 0.0;
  int p2 = 1;
  while (p2 * 2 <= p) p2 *= 2;
  double half = 0.0;  // one phase (reduce-scatter); the all-gather mirrors it
  for (int distance = p2 / 2, j = 1; distance >= 1; distance /= 2, ++j) {
    const Tier& tier = t.spans() && distance >= t.domain ? t.out : t.up;
    half += tier.latency_s + m / std::ldexp(1.0, j) / tier.bandwidth_bps;
  }
  double s = 2.0 * half;
  if (p2 != p) {
    const Tier slow = slowest(t);
    s += 2.0 * (slow.latency_s + m / slow.bandwidth_bps);
  }
  return s;
}

double hierarchical_all_reduce_s(const Topology& t, double m) {
  if (!t.spans()) return ring_all_reduce_s(t.ranks, m, t.up);
  const int d = t.domain;
  return 2.0 * ring_reduce_scatter_s(d, m, t.up) + ring_all_reduce_s(domains_of(t), m / d, t.out);
}

double hierarchical_reduce_scatter_s(const Topology& t, double m) {
  if (!t.spans()) return ring_reduce_scatter_s(t.ranks, m, t.up);
  const int d = t.domain;
  return ring_reduce_scatter_s(d, m, t.up) + ring_reduce_scatter_s(domains_of(t), m / d, t.out);
}

double pairwise_all_to_all_s(const Topology& t, double m) {
  const int p = t.ranks;
  if (p <= 1) return 0.0;
  const double chunk = m / p;
  if (!t.spans()) return (p - 1) * (t.up.latency_s + chunk / t.up.bandwidth_bps);
  return (t.domain - 1) * (t.up.latency_s + chunk / t.up.bandwidth_bps) +
         (p - t.domain) * (t.out.latency_s + chunk / t.out.bandwidth_bps);
}

double bus_factor(Collective c, int p) {
  if (p <= 1) return 0.0;
  const double f = static_cast<double>(p - 1) / p;
  return c == Collective::kAllReduce ? 2.0 * f : f;
}

std::vector<CollectiveTime> collective_times(const Topology& t, double m) {
  const int p = t.ranks;
  const Tier flat = slowest(t);
  using C = Collective;
  using A = Algorithm;
  const double rs_hier = hierarchical_reduce_scatter_s(t, m);
  return {
      timed(C::kAllReduce, A::kRing, p, m, ring_all_reduce_s(p, m, flat)),
      timed(C::kAllReduce, A::kTree, p, m, tree_all_reduce_s(p, m, flat)),
      timed(C::kAllReduce, A::kHalvingDoubling, p, m, halving_doubling_all_reduce_s(t, m)),
      timed(C::kAllReduce, A::kHierarchical, p, m, hierarchical_all_reduce_s(t, m)),
      timed(C::kReduceScatter, A::kRing, p, m, ring_reduce_scatter_s(p, m, flat)),
      timed(C::kReduceScatter, A::kHierarchical, p, m, rs_hier),
      // All-gather is reduce-scatter run backwards: the same steps and bytes.
      timed(C::kAllGather, A::kRing, p, m, ring_reduce_scatter_s(p, m, flat)),
      timed(C::kAllGather, A::kHierarchical, p, m, rs_hier),
      timed(C::kAllToAll, A::kPairwise, p, m, pairwise_all_to_all_s(t, m)),
  };
}

CollectiveTime fastest(const std::vector<CollectiveTime>& times, Collective c) {
  const CollectiveTime* best = nullptr;
  for (const auto& x : times)
    if (x.collective == c && (!best || x.time_s < best->time_s)) best = &x;
  return best ? *best : CollectiveTime{c};
}

}  // namespace mosaic::cluster

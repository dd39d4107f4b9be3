#pragma once

#include <string>
#include <vector>

namespace mosaic::cluster {

// One tier of the fabric as a collective sees it: each GPU's bandwidth per direction and the
// latency of one step (alpha), in SI units (bytes/s, s).
struct Tier {
  double bandwidth_bps = 0.0;  // bytes per second per GPU and direction
  double latency_s = 0.0;
};

// p ranks numbered domain by domain, `domain` of them per scale-up domain (p <= domain: one
// tier). Steps between domains run on `out`, steps inside one on `up`.
struct Topology {
  int ranks = 1;
  int domain = 1;
  Tier up;
  Tier out;
  bool spans() const { return ranks > domain; }
};

enum class Collective { kAllReduce, kReduceScatter, kAllGather, kAllToAll };
enum class Algorithm { kRing, kTree, kHalvingDoubling, kHierarchical, kPairwise };

const char* collective_name(Collective c);
const char* algorithm_name(Algorithm a);

// Alpha-beta costs (Thakur, Rabenseifner and Gropp 2005; Hockney's model) of an m-byte
// collective (m: the all-reduce vector; the reduce-scatter input; the all-gather output; what
// each rank holds for all-to-all). One-tier forms on tier t:
//   ring all-reduce        2 (p-1) (alpha + m / (p B))
//   double binary tree     2 ceil(log2 p) alpha + 2 m / B (two pipelined trees, each half the
//                          data; Sanders, Speck and Traeff 2009, as in NCCL)
//   ring reduce-scatter    (p-1) (alpha + m / (p B)); all-gather the same
double ring_all_reduce_s(int p, double m, const Tier& t);
double tree_all_reduce_s(int p, double m, const Tier& t);
double ring_reduce_scatter_s(int p, double m, const Tier& t);
// Rabenseifner's halving-doubling: reduce-scatter by recursive halving (step j exchanges m / 2^j
// with the rank p'/2^j away) then all-gather by recursive doubling; steps whose partner is in
// another domain run on `out`. p not a power of two: the p - p' extra ranks hand their vector in
// before and take the result after, 2 (alpha + m / B) more on the slowest tier.
double halving_doubling_all_reduce_s(const Topology& t, double m);
// Two-level: ring reduce-scatter inside the domain, ring all-reduce of the 1/D shard across the
// ceil(p / D) domains, ring all-gather inside the domain.
double hierarchical_all_reduce_s(const Topology& t, double m);
double hierarchical_reduce_scatter_s(const Topology& t, double m);
// Pairwise exchange: p - 1 steps of m / p each, D - 1 of them inside the domain.
double pairwise_all_to_all_s(const Topology& t, double m);

// nccl-tests' bus bandwidth factor: busbw = algbw x factor (2 (p-1)/p for all-reduce, (p-1)/p
// otherwise), so that an ideal ring's bus bandwidth is the link bandwidth.
double bus_factor(Collective c, int p);

struct CollectiveTime {
  Collective collective = Collective::kAllReduce;
  Algorithm algorithm = Algorithm::kRing;
  double bytes = 0.0;
  double time_s = 0.0;
  double algbw_gbs = 0.0;  // bytes / time, GB/s
  double busbw_gbs = 0.0;
};

// Every algorithm of every collective at m bytes (flat algorithms spanning domains run at the
// slower tier's bandwidth and the longer latency: a ring or tree waits for its slowest hop).
std::vector<CollectiveTime> collective_times(const Topology& t, double m);
// The fastest algorithm of one collective.
CollectiveTime fastest(const std::vector<CollectiveTime>& times, Collective c);

}  // namespace mosaic::cluster

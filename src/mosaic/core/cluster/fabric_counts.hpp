#pragma once

#include <cstdint>
#include <vector>

#include "mosaic/core/cluster/cluster_spec.hpp"

namespace mosaic {

// How many of everything a cluster description implies: racks, trays, chips and switches of
// both fabrics. One definition, read by the validation (does it fit?) and by the cluster layer
// (where does each cable run?). Integer divisions here are exact for a validated spec.
struct ScaleUpCounts {
  int domains = 0;
  int racks_per_domain = 1;  // compute racks one domain spans (1 when several share a rack)
  int domains_per_rack = 1;  // domains sharing one compute rack (1 when a domain spans racks)
  // First tier: chips are grouped per domain (tiers = 1) or per compute rack (tiers = 2).
  int group_gpus = 0;
  int down_ports = 0;  // links of a first-tier chip towards the GPUs
  int l1_chips_per_group = 0;
  int l1_trays_per_group = 0;
  int l1_trays_per_rack = 0;  // first-tier switch trays each compute rack holds
  // Second tier (tiers = 2), per domain.
  int l2_chips = 0;
  int l2_trays = 0;
  int l2_trays_per_spine_rack = 0;
};

struct ScaleOutCounts {
  std::int64_t ports = 0;  // GPU ports into the network
  // Switches per tier, tier 1 (leaf) first, each rounded up as built.
  std::vector<std::int64_t> switches;
  // The fat tree's own count, (2t - 1) ports / k: a full tree of k^3/4 hosts has 5k^2/4
  // switches (Al-Fares et al. 2008) scaled to the ports used; rounded up once.
  std::int64_t switches_scaled = 0;
  std::int64_t capacity = 0;   // ports a tree of this radix and depth can hold: 2 (k/2)^t
  int leaf_down = 0;           // GPU ports per leaf
  int leaves_in_rack_max = 0;  // leaves one compute rack holds (copper_leaf)
};

int compute_racks(const ClusterSpec& spec);
int compute_trays_per_rack(const ClusterSpec& spec);
ScaleUpCounts scale_up_counts(const ClusterSpec& spec);
ScaleOutCounts scale_out_counts(const ClusterSpec& spec);

// Rack units in use in a compute rack and in a scale-up spine rack.
double compute_rack_units(const ClusterSpec& spec);
double spine_rack_units(const ClusterSpec& spec);

}  // namespace mosaic

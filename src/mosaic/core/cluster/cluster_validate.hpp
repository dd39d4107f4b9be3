#pragma once

#include "mosaic/core/cluster/cluster_spec.hpp"

namespace mosaic {

// Every rule of a cluster description that single-key ranges cannot express, checked once at
// the edge: whole domains, a domain that fills or shares racks, switch chips that divide the
// GPU links and fit the racks' trays and units, a fat tree that holds the GPU ports, a job no
// larger than the cluster, a non-empty technology set and a known MOSAIC preset. Throws
// ConfigError naming the key, the value and what would have been allowed. Technology names are
// checked against the catalog by the cluster layer, which has it.
void validate_cluster(const ClusterSpec& spec);

}  // namespace mosaic

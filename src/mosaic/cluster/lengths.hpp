#pragma once

#include <vector>

#include "mosaic/cluster/cluster_result.hpp"

namespace mosaic::cluster {

// Per fabric tier: cable count, shortest, mean and longest run, cables between racks, between
// neighbours, and between racks within `copper_reach_m`; technologies from `assignment`.
std::vector<TierLengths> tier_lengths(const CablePlan& plan, const Assignment& assignment,
                                      std::size_t technologies, double copper_reach_m);

// Cables per bin of `bin_m` and technology. Throws ConfigError("histogram_bin_m", ...) when the
// longest cable would need more than 100,000 bins.
LengthHistogram length_histogram(const CablePlan& plan, const Assignment& assignment,
                                 std::size_t technologies, double bin_m);

}  // namespace mosaic::cluster

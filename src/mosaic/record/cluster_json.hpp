#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "mosaic/cluster/cluster_result.hpp"
#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/record/spec_json.hpp"

namespace mosaic::record {

// Every cluster key's description (as keys_to_json for design keys), nvl72-copper defaults.
nlohmann::json cluster_keys_to_json();

// One set of technologies: what each carries, the power, failures, goodput and collectives
// (with `detail`, the per-rack power and every collective at every message size).
nlohmann::json choice_to_json(const cluster::ClusterResult& result,
                              const cluster::ChoiceResult& choice, bool detail);

// kind "cluster": the header (seed = cluster.seed, spec = the MOSAIC design), the cluster's
// keys, technologies, counts, cables and their length histogram, the cluster as specified
// (`specified`), the fleet Monte Carlo, collectives with domain scaling, the fleet-wide saving,
// the side-by-side choices (`choices`: the cluster as specified first, then each --compare
// technology) and the assumptions. `timing` adds the wall-clock figures (the only part that
// differs between identical runs).
nlohmann::json cluster_record(const cluster::ClusterResult& result, std::string_view command,
                              bool timing = true);

}  // namespace mosaic::record

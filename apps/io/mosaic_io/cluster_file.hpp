#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/power/baseline.hpp"

namespace mosaic::io {

// What a front end says about a cluster: a file, a preset, KEY=VALUE overrides.
struct ClusterFileRequest {
  std::optional<std::string> path;
  std::optional<std::string> preset;
  std::vector<std::string> overrides;
};

// Everything the cluster study takes from files: the cluster (its file read within the input
// limits), its MOSAIC design (links.mosaic_design read relative to the cluster file, else
// links.mosaic_preset, with links.mosaic_set applied) and the baseline catalog (`catalog`, or
// the bundled one when empty). A design error names links.mosaic_* and the design key.
struct ClusterInputs {
  ClusterSpec spec;
  LinkSpec design;
  std::string design_name;  // "preset 800g", "design file d.toml", with its overrides
  power::BaselineCatalog catalog;
};

ClusterSpec read_cluster(const ClusterFileRequest& request);
LinkSpec cluster_design(const ClusterSpec& spec, const std::string& base_dir, std::string& name);
ClusterInputs load_cluster_inputs(const ClusterFileRequest& request, const std::string& catalog);

}  // namespace mosaic::io

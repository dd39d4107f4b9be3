#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/core/design/link_spec.hpp"

namespace mosaic {

// Everything a front end can say about a cluster. The front end reads the file; the library
// only sees its text.
struct ClusterRequest {
  std::optional<std::string> toml_text;  // a cluster file's text; may name `preset = "..."`
  std::string source = "cluster file";   // the file's name, for messages
  std::optional<std::string> preset;     // overrides the file's preset key
  std::vector<std::string> overrides;    // KEY=VALUE, applied after the file, in order
};

// Builds and validates a cluster: preset, then the file's keys, then the overrides. Throws
// ConfigError naming the key, the value and the allowed range (with the nearest known key for a
// misspelt one). The result has passed validate_cluster().
ClusterSpec load_cluster(const ClusterRequest& request);

// The cluster's MOSAIC design, built as load_spec() builds a design: links.mosaic_design (a file,
// relative to `base_dir`) or else links.mosaic_preset, then links.mosaic_set. `name` receives
// what it was built from ("preset 800g with 1 override"). A design error names links.mosaic_*
// and the design key.
LinkSpec load_mosaic_design(const ClusterSpec& spec, const std::string& base_dir,
                            std::string& name);

}  // namespace mosaic

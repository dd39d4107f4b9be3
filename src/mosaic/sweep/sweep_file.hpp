#pragma once

#include <optional>
#include <string>

#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/sweep/grid.hpp"

namespace mosaic::sweep {

// What each point computes beyond the sweep-mode evaluation (statistical eye of every channel,
// lanes, power, reliability, the worst active channel's bathtubs).
struct PointOptions {
  bool margin = false;      // the optical-margin search (re-evaluates the weakest channels)
  bool end_of_life = true;  // the verdict at the end of the service life (one more evaluation)
};

// A sweep over cluster keys: the base cluster and its MOSAIC design (built from the base's
// links.mosaic_* keys).
struct ClusterSweep {
  ClusterSpec base;
  LinkSpec design;
  std::string design_name;
};

// A parsed, fully checked sweep file (format in docs/sweep.md):
//   [base]      preset = "800g", design = "file.toml" (relative to the sweep file),
//               set = ["fiber.length_m=50", ...], seed = N
//               or, for a sweep over cluster keys (docs/cluster.md): cluster = "nvl576-mosaic"
//               or cluster_file = "c.toml", set = ["floor.rack_pitch_m=1", ...]
//   [evaluate]  margin = true|false
//   combine     = "product" | "zip"         (listed axes)
//   [sampling]  method = "latin_hypercube" | "random", count = N, seed = N
//   [[axis]]    key = "design.key" and one of: values = [...];
//               start/stop with step or count (scale = "linear" | "log");
//               min/max (sampled, scale = "linear" | "log")
struct SweepDefinition {
  LinkSpec base;
  std::optional<ClusterSweep> cluster;  // a cluster sweep: axes over cluster keys
  Grid grid;
  PointOptions options;
  // Identifies the sweep's content: the resolved base design, the options and every point.
  // A store made by a different sweep carries a different fingerprint.
  std::string fingerprint;
  std::string text;  // the sweep file as read
};

// Parses and checks everything, including every point against the design's ranges, so that a bad
// file fails before any point runs. Throws ConfigError naming the field, value and allowed range.
SweepDefinition load_sweep_file(const std::string& path);
SweepDefinition parse_sweep(const std::string& text, const std::string& source,
                            const std::string& base_dir = ".");

// The fingerprint of a definition built in code (parse_sweep fills it already).
std::string sweep_fingerprint(const SweepDefinition& sweep);

}  // namespace mosaic::sweep

#pragma once

// What every cluster test needs: the shipped baseline catalog, the 800g MOSAIC design, a cluster
// from a preset with overrides, and the study run on it.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mosaic/cluster/cluster_study.hpp"
#include "mosaic/core/cluster/cluster_loader.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/power/baseline.hpp"

namespace mosaic::cluster::testing_util {

inline const power::BaselineCatalog& catalog() {
  static const power::BaselineCatalog c = [] {
    std::ifstream in(std::string(MOSAIC_SOURCE_DIR "/data/baselines.toml"));
    std::stringstream text;
    text << in.rdbuf();
    return power::parse_baseline_catalog(text.str(), "data/baselines.toml");
  }();
  return c;
}

inline ClusterSpec cluster_of(const std::string& preset,
                              const std::vector<std::string>& overrides = {}) {
  ClusterRequest r;
  r.preset = preset;
  r.overrides = overrides;
  return load_cluster(r);
}

// The 800g design's figures, resolved once per test program (the reach search evaluates the
// design several times).
inline const MosaicFigures& mosaic_800g() {
  static const MosaicFigures m =
      resolve_mosaic(cluster_of("nvl576-mosaic"), preset("800g"), "preset 800g", true);
  return m;
}

inline ClusterResult run(const ClusterSpec& spec, bool compare = false, int threads = 0) {
  study::ClusterOptions o;
  o.compare = compare;
  o.threads = threads;
  return evaluate_cluster(spec, preset("800g"), "preset 800g", catalog(), o, nullptr,
                          &mosaic_800g());
}

inline int technology_index(const ClusterResult& r, const std::string& id) {
  for (std::size_t k = 0; k < r.technologies.size(); ++k)
    if (r.technologies[k].id == id) return static_cast<int>(k);
  return -1;
}

}  // namespace mosaic::cluster::testing_util

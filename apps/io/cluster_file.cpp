#include "mosaic_io/cluster_file.hpp"

#include <filesystem>

#include "mosaic/core/cluster/cluster_loader.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic_io/catalog_file.hpp"

namespace mosaic::io {

ClusterSpec read_cluster(const ClusterFileRequest& request) {
  ClusterRequest r;
  if (request.path) {
    r.toml_text = read_input_file(*request.path, "cluster file");
    r.source = *request.path;
  }
  r.preset = request.preset;
  r.overrides = request.overrides;
  return load_cluster(r);
}

ClusterInputs load_cluster_inputs(const ClusterFileRequest& request, const std::string& catalog) {
  ClusterInputs in;
  in.spec = read_cluster(request);
  std::string dir = ".";
  if (request.path) {
    const auto parent = std::filesystem::path(*request.path).parent_path();
    if (!parent.empty()) dir = parent.string();
  }
  in.design = load_mosaic_design(in.spec, dir, in.design_name);
  const bool bundled = catalog.empty();
  in.catalog = load_baseline_catalog(bundled ? default_catalog_path() : catalog,
                                     bundled ? "baseline catalog" : "catalog");
  return in;
}

}  // namespace mosaic::io

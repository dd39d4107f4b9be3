#include "mosaic_io/cluster_file.hpp"

#include <filesystem>

#include "mosaic/core/cluster/cluster_loader.hpp"
#include "mosaic/core/design/loader.hpp"
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

LinkSpec cluster_design(const ClusterSpec& spec, const std::string& base_dir, std::string& name) {
  const LinksSpec& l = spec.links;
  SpecRequest request;
  if (!l.mosaic_design.empty()) {
    const std::filesystem::path file = l.mosaic_design;
    request.toml_path =
        (file.is_absolute() ? file : std::filesystem::path(base_dir) / file).string();
    name = "design file " + l.mosaic_design;
  } else {
    request.preset = l.mosaic_preset;
    name = "preset " + l.mosaic_preset;
  }
  request.overrides = l.mosaic_set;
  if (!l.mosaic_set.empty())
    name += " with " + std::to_string(l.mosaic_set.size()) + " override" +
            (l.mosaic_set.size() == 1 ? "" : "s");
  try {
    return load_spec(request);
  } catch (const ConfigError& e) {
    const char* key = l.mosaic_design.empty() ? "links.mosaic_set" : "links.mosaic_design";
    throw ConfigError(std::string(key) + " (" + e.field() + ")", e.value(), e.allowed());
  }
}

ClusterInputs load_cluster_inputs(const ClusterFileRequest& request, const std::string& catalog) {
  ClusterInputs in;
  in.spec = read_cluster(request);
  std::string dir = ".";
  if (request.path) {
    const auto parent = std::filesystem::path(*request.path).parent_path();
    if (!parent.empty()) dir = parent.string();
  }
  in.design = cluster_design(in.spec, dir, in.design_name);
  const bool bundled = catalog.empty();
  in.catalog = load_baseline_catalog(bundled ? default_catalog_path() : catalog,
                                     bundled ? "baseline catalog" : "catalog");
  return in;
}

}  // namespace mosaic::io

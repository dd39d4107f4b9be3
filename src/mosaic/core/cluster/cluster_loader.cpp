#include "mosaic/core/cluster/cluster_loader.hpp"

#include <filesystem>

#include "mosaic/core/cluster/cluster_presets.hpp"
#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/cluster/cluster_validate.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/toml_values.hpp"

namespace mosaic {
namespace {

// An unknown key, with the nearest known one (the list of every key is `mosaic keys --cluster`,
// too long for one line).
const ClusterField& known(const std::string& key, const std::string& value) {
  if (const ClusterField* f = find_cluster_field(key)) return *f;
  static const std::vector<std::string> names = field_names(cluster_fields());
  const auto hint = nearest_name(key, names);
  throw ConfigError(key, value, "a cluster key (mosaic keys lists them under its cluster option)",
                    hint ? "did you mean '" + *hint + "'?" : std::string{});
}

void apply_override(ClusterSpec& spec, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError("overrides", "\"" + assignment + "\"",
                      "KEY=VALUE, e.g. floor.rack_pitch_m=0.8");
  const std::string value = assignment.substr(eq + 1);
  set_field_from_string(spec, known(assignment.substr(0, eq), "\"" + value + "\""), value);
}

}  // namespace

ClusterSpec load_cluster(const ClusterRequest& request) {
  std::vector<TomlValue> values;
  std::string name(kDefaultClusterPreset);
  if (request.toml_text) {
    for (auto& v : toml_leaves(*request.toml_text, request.source)) {
      if (v.key != "preset") {
        values.push_back(std::move(v));
        continue;
      }
      const auto* text = std::get_if<std::string>(&v.value);
      if (!text) throw ConfigError("preset", v.text, "a string: " + cluster_preset_choices());
      name = *text;
    }
  }
  if (request.preset) name = *request.preset;
  ClusterSpec spec = cluster_preset(name);
  for (const auto& v : values) {
    const ClusterField& f = known(v.key, v.text);
    if (std::holds_alternative<std::monostate>(v.value) && !f.optional())
      throw ConfigError(v.key, "\"none\"", f.allowed());
    set_field(spec, f, v.value);
  }
  for (const auto& o : request.overrides) apply_override(spec, o);
  validate_cluster(spec);
  return spec;
}

LinkSpec load_mosaic_design(const ClusterSpec& spec, const std::string& base_dir,
                            std::string& name) {
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

}  // namespace mosaic

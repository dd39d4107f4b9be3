#include "mosaic/record/spec_json.hpp"

#include <algorithm>

#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/design/validate.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic::record {

nlohmann::json field_value_to_json(const FieldValue& value) {
  return std::visit(
      [](const auto& x) -> nlohmann::json {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return "none";  // unset, as a design file says it (never null)
        } else {
          return x;
        }
      },
      value);
}

nlohmann::json cluster_spec_to_json(const ClusterSpec& spec) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& f : cluster_fields()) {
    std::string path = "/" + f.key;
    for (auto& c : path)
      if (c == '.') c = '/';
    out[nlohmann::json::json_pointer(path)] = field_value_to_json(f.get(spec));
  }
  return out;
}

nlohmann::json spec_to_json(const LinkSpec& spec) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& field : link_spec_fields()) {
    std::string path = "/" + field.key;
    for (auto& c : path)
      if (c == '.') c = '/';
    const nlohmann::json::json_pointer ptr(path);
    out[ptr] = field_value_to_json(field.get(spec));
  }
  return out;
}

LinkSpec spec_from_json(const nlohmann::json& spec_json) {
  // `spec: null` (or any non-object) is no design: refused, not read as the defaults.
  if (!spec_json.is_object())
    throw ConfigError("spec", spec_json.is_null() ? "null" : spec_json.type_name(),
                      "an object of design keys (the record's echo of its design)");
  LinkSpec spec = preset(kDefaultPreset);
  for (const auto& f : link_spec_fields()) {
    std::string path = "/" + f.key;
    std::replace(path.begin(), path.end(), '.', '/');
    const nlohmann::json::json_pointer ptr(path);
    if (!spec_json.contains(ptr)) continue;  // a report from an older version: keep the default
    const nlohmann::json& v = spec_json.at(ptr);
    FieldValue value;
    if (v.is_null() || (f.kind == FieldKind::kOptionalReal && v == "none")) {
      value = std::monostate{};
    } else if (v.is_boolean()) {
      value = v.get<bool>();
    } else if (v.is_string()) {
      value = v.get<std::string>();
    } else if (f.kind == FieldKind::kInteger && v.is_number_integer()) {
      value = v.get<std::int64_t>();
    } else if (v.is_number()) {
      value = v.get<double>();
    } else {
      throw ConfigError("spec." + f.key, v.dump(), f.allowed());
    }
    set_field(spec, f, value);
  }
  validate_design(spec);
  return spec;
}

}  // namespace mosaic::record

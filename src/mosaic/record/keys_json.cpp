#include "mosaic/record/keys_json.hpp"

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/options/studies.hpp"
#include "mosaic/record/spec_json.hpp"

namespace mosaic::record {
namespace {

const char* kind_name(FieldKind kind) {
  switch (kind) {
    case FieldKind::kReal:
      return "real";
    case FieldKind::kOptionalReal:
      return "optional_real";
    case FieldKind::kInteger:
      return "integer";
    case FieldKind::kOptionalInteger:
      return "optional_integer";
    case FieldKind::kBool:
      return "bool";
    case FieldKind::kChoice:
      return "choice";
    case FieldKind::kText:
      return "text";
    case FieldKind::kList:
      return "list";
  }
  return "?";
}

void describe(const FieldInfo& f, nlohmann::json& k) {
  if (f.kind == FieldKind::kChoice) k["choices"] = f.choices;
  if (f.numeric()) {
    k["min"] = f.min;
    k["max"] = f.max;
  }
}

}  // namespace

nlohmann::json keys_to_json() {
  const LinkSpec defaults = preset(kDefaultPreset);
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : link_spec_fields()) {
    nlohmann::json k = {{"key", f.key},
                        {"unit", f.unit},
                        {"doc", f.doc},
                        {"allowed", f.allowed()},
                        {"default", field_value_to_json(f.get(defaults))}};
    describe(f, k);
    out.push_back(std::move(k));
  }
  return out;
}

nlohmann::json options_to_json() {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& s : study::studies()) {
    nlohmann::json options = nlohmann::json::array();
    for (std::size_t i = 0; i < s.fields.size(); ++i) {
      const FieldInfo& f = *s.fields[i];
      nlohmann::json k = {{"name", f.key},
                          {"kind", kind_name(f.kind)},
                          {"unit", f.unit},
                          {"doc", f.doc},
                          {"allowed", f.allowed()},
                          {"default", field_value_to_json(s.default_values[i])},
                          {"positional", f.positional},
                          {"path", f.path}};
      describe(f, k);
      options.push_back(std::move(k));
    }
    out[s.name] = {{"doc", s.doc}, {"options", std::move(options)}};
  }
  return out;
}

}  // namespace mosaic::record

#include "mosaic/core/design/loader.hpp"

#include <toml++/toml.h>

#include <cmath>
#include <sstream>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/design/validate.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/toml_values.hpp"

namespace mosaic {
namespace {

std::string describe(const toml::node& node) {
  std::ostringstream text;
  node.visit([&](const auto& n) { text << n; });
  return text.str();
}

[[noreturn]] void unknown_key(const std::string& key, const std::string& value) {
  const auto hint = suggest_field(key);
  throw ConfigError(key, value, "a known design key (`mosaic keys` lists them)",
                    hint ? "did you mean '" + *hint + "'?" : std::string{});
}

FieldValue to_field_value(const toml::node& node, const std::string& key) {
  if (const auto* v = node.as_floating_point()) return FieldValue{v->get()};
  if (const auto* v = node.as_integer()) return FieldValue{static_cast<std::int64_t>(v->get())};
  if (const auto* v = node.as_boolean()) return FieldValue{v->get()};
  if (const auto* v = node.as_string()) {
    // Optional fields are cleared with "none"; a string anywhere else is a type error below.
    if (v->get() == "none") return FieldValue{};
    return FieldValue{v->get()};
  }
  throw ConfigError(key, describe(node),
                    "a number, boolean or string (arrays and dates are not keys)");
}

void apply_table(LinkSpec& spec, const toml::table& table, const std::string& prefix, int depth) {
  for (const auto& [k, node] : table) {
    const std::string key =
        prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    if (prefix.empty() && key == "preset") continue;
    if (const auto* sub = node.as_table()) {
      // No design key is this deep: refuse it here rather than recurse through a hostile chain.
      if (depth + 1 >= kMaxKeyDepth) unknown_key(key.substr(0, 200), "a table");
      apply_table(spec, *sub, key, depth + 1);
      continue;
    }
    const FieldDesc* field = find_field(key);
    const FieldValue value = to_field_value(node, key);
    if (!field) unknown_key(key, format_value(value));
    if (std::holds_alternative<std::monostate>(value) && field->kind != FieldKind::kOptionalReal)
      throw ConfigError(key, "\"none\"", field->allowed());
    set_field(spec, *field, value);
  }
}

void apply_override(LinkSpec& spec, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError("overrides", "\"" + assignment + "\"", "KEY=VALUE, e.g. fiber.length_m=30");
  const std::string key = assignment.substr(0, eq);
  const std::string value = assignment.substr(eq + 1);
  const FieldDesc* field = find_field(key);
  if (!field) unknown_key(key, "\"" + value + "\"");
  set_field_from_string(spec, *field, value);
}

std::string preset_of(const toml::table& table) {
  const auto* node = table.get("preset");
  if (!node) return std::string(kDefaultPreset);
  if (const auto* s = node->as_string()) return s->get();
  throw ConfigError("preset", describe(*node), "a string: " + preset_choices());
}

toml::table parse_toml(const std::string& text, const std::string& source) {
  check_toml_nesting(text, source);
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    const auto& where = e.source().begin;
    throw ConfigError(
        source, "line " + std::to_string(where.line) + ", column " + std::to_string(where.column),
        "valid TOML", std::string(e.description()));
  }
}

LinkSpec build(const toml::table* table, const std::optional<std::string>& preset_name,
               const std::vector<std::string>& overrides, std::optional<std::uint64_t> seed) {
  std::string name = table ? preset_of(*table) : "800g";
  if (preset_name) name = *preset_name;
  LinkSpec spec = preset(name);
  if (table) apply_table(spec, *table, "", 0);
  for (const auto& o : overrides) apply_override(spec, o);
  if (seed) spec.seed = *seed;
  validate_design(spec);
  return spec;
}

}  // namespace

LinkSpec load_spec(const SpecRequest& request) {
  if (!request.toml_path) return build(nullptr, request.preset, request.overrides, request.seed);
  const std::string text = read_input_file(*request.toml_path, "design file");
  const toml::table table = parse_toml(text, *request.toml_path);
  return build(&table, request.preset, request.overrides, request.seed);
}

LinkSpec load_spec_from_string(const std::string& toml_text,
                               const std::vector<std::string>& overrides) {
  const toml::table table = parse_toml(toml_text, "design");
  return build(&table, std::nullopt, overrides, std::nullopt);
}

}  // namespace mosaic

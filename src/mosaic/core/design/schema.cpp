#include "mosaic/core/design/schema.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace mosaic {
namespace {

std::vector<FieldDesc> build_fields() {
  std::vector<FieldDesc> out;
  out.push_back(schema::integer_at<LinkSpec>(
      "seed", [](auto& s) -> auto& { return s.seed; }, 0.0, 9007199254740991.0, "",
      "Seed of every random stream of the run"));
  add_phy_fields(out);
  add_link_layer_fields(out);
  add_power_fields(out);
  add_reliability_fields(out);
  add_mc_fields(out);
  return out;
}

}  // namespace

std::span<const FieldDesc> link_spec_fields() {
  static const std::vector<FieldDesc> fields = build_fields();
  return fields;
}

const FieldDesc* find_field(std::string_view key) {
  for (const auto& f : link_spec_fields())
    if (f.key == key) return &f;
  return nullptr;
}

std::optional<std::string> suggest_field(std::string_view key) {
  static const std::vector<std::string> names = field_names(link_spec_fields());
  return nearest_name(key, names);
}

}  // namespace mosaic

#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/builders.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic {

// One field of the design: the single description that TOML keys, --set, the JSON echo and the
// docs are generated from, so that they can never drift apart.
using FieldDesc = Field<LinkSpec>;

// All fields, in a stable documented order.
std::span<const FieldDesc> link_spec_fields();
const FieldDesc* find_field(std::string_view key);
// The nearest known key to a misspelt one, if any is close.
std::optional<std::string> suggest_field(std::string_view key);

// Builders used by the per-section field lists: a member of one section of the spec.
namespace schema_detail {

template <class Section, class T>
auto in_section(Section LinkSpec::*section, T Section::*member) {
  return [section, member](auto& spec) -> auto& { return (spec.*section).*member; };
}

template <class Section, class T>
FieldDesc real(std::string key, Section LinkSpec::*section, T Section::*member, double lo,
               double hi, std::string unit, std::string doc) {
  return schema::real_at<LinkSpec>(std::move(key), in_section(section, member), lo, hi,
                                   std::move(unit), std::move(doc));
}

template <class Section>
FieldDesc optional_real(std::string key, Section LinkSpec::*section,
                        std::optional<double> Section::*member, double lo, double hi,
                        std::string unit, std::string doc) {
  return schema::optional_real_at<LinkSpec>(std::move(key), in_section(section, member), lo, hi,
                                            std::move(unit), std::move(doc));
}

template <class Section>
FieldDesc integer(std::string key, Section LinkSpec::*section, int Section::*member, int lo, int hi,
                  std::string unit, std::string doc) {
  return schema::integer_at<LinkSpec>(std::move(key), in_section(section, member), lo, hi,
                                      std::move(unit), std::move(doc));
}

template <class Section>
FieldDesc boolean(std::string key, Section LinkSpec::*section, bool Section::*member,
                  std::string doc) {
  return schema::boolean_at<LinkSpec>(std::move(key), in_section(section, member),
                                      std::move(doc));
}

template <class Section, class E>
FieldDesc choice(std::string key, Section LinkSpec::*section, E Section::*member, std::string doc) {
  return schema::choice_at<LinkSpec>(std::move(key), in_section(section, member), std::move(doc));
}

}  // namespace schema_detail

// Per-section field lists; each lives beside its section's struct.
void add_phy_fields(std::vector<FieldDesc>& out);
void add_link_layer_fields(std::vector<FieldDesc>& out);
void add_power_fields(std::vector<FieldDesc>& out);
void add_reliability_fields(std::vector<FieldDesc>& out);
void add_mc_fields(std::vector<FieldDesc>& out);

}  // namespace mosaic

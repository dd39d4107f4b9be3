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

namespace mosaic {

enum class FieldKind { kReal, kOptionalReal, kInteger, kBool, kChoice };

// A value as it travels between TOML, the command line, JSON and the spec. monostate = unset
// (only for optional fields).
using FieldValue = std::variant<std::monostate, double, std::int64_t, bool, std::string>;

// One field of the design: the single description that TOML keys, --set, the JSON echo and the
// docs are generated from, so that they can never drift apart.
struct FieldDesc {
  std::string key;  // dotted, e.g. "fiber.length_m"
  FieldKind kind;
  std::string unit;  // "" for dimensionless
  std::string doc;
  double min = 0.0;  // inclusive numeric range (kReal, kOptionalReal, kInteger)
  double max = 0.0;
  std::vector<std::string> choices;  // kChoice
  std::function<FieldValue(const LinkSpec&)> get;
  std::function<void(LinkSpec&, const FieldValue&)> set;

  std::string allowed() const;  // human-readable range or choice list
};

// All fields, in a stable documented order.
std::span<const FieldDesc> link_spec_fields();
const FieldDesc* find_field(std::string_view key);
// The nearest known key to a misspelt one, if any is close.
std::optional<std::string> suggest_field(std::string_view key);

// Checks the value's kind and range and stores it; throws ConfigError naming the key otherwise.
void set_field(LinkSpec& spec, const FieldDesc& field, const FieldValue& value);
// Parses a command-line string for the field's kind, then set_field().
void set_field_from_string(LinkSpec& spec, const FieldDesc& field, std::string_view text);
std::string format_value(const FieldValue& value);

// Names of an enum, in the order of its enumerators, for choice fields and JSON.
template <class E>
struct EnumNames;

// Builders used by the per-section field lists.
namespace schema_detail {

template <class Section, class T>
FieldDesc real(std::string key, Section LinkSpec::*section, T Section::*member, double lo,
               double hi, std::string unit, std::string doc) {
  FieldDesc f{
      std::move(key), FieldKind::kReal, std::move(unit), std::move(doc), lo, hi, {}, {}, {}};
  f.get = [=](const LinkSpec& s) { return FieldValue{static_cast<double>(s.*section.*member)}; };
  f.set = [=](LinkSpec& s, const FieldValue& v) { s.*section.*member = std::get<double>(v); };
  return f;
}

template <class Section>
FieldDesc optional_real(std::string key, Section LinkSpec::*section,
                        std::optional<double> Section::*member, double lo, double hi,
                        std::string unit, std::string doc) {
  FieldDesc f{std::move(key),
              FieldKind::kOptionalReal,
              std::move(unit),
              std::move(doc),
              lo,
              hi,
              {},
              {},
              {}};
  f.get = [=](const LinkSpec& s) {
    const auto& v = s.*section.*member;
    return v ? FieldValue{*v} : FieldValue{};
  };
  f.set = [=](LinkSpec& s, const FieldValue& v) {
    auto& dst = s.*section.*member;
    if (std::holds_alternative<double>(v)) {
      dst = std::get<double>(v);
    } else {
      dst.reset();
    }
  };
  return f;
}

template <class Section>
FieldDesc integer(std::string key, Section LinkSpec::*section, int Section::*member, int lo, int hi,
                  std::string unit, std::string doc) {
  FieldDesc f{std::move(key),
              FieldKind::kInteger,
              std::move(unit),
              std::move(doc),
              double(lo),
              double(hi),
              {},
              {},
              {}};
  f.get = [=](const LinkSpec& s) { return FieldValue{std::int64_t{s.*section.*member}}; };
  f.set = [=](LinkSpec& s, const FieldValue& v) {
    s.*section.*member = static_cast<int>(std::get<std::int64_t>(v));
  };
  return f;
}

template <class Section>
FieldDesc boolean(std::string key, Section LinkSpec::*section, bool Section::*member,
                  std::string doc) {
  FieldDesc f{std::move(key), FieldKind::kBool, "", std::move(doc), 0, 1, {}, {}, {}};
  f.get = [=](const LinkSpec& s) { return FieldValue{s.*section.*member}; };
  f.set = [=](LinkSpec& s, const FieldValue& v) { s.*section.*member = std::get<bool>(v); };
  return f;
}

template <class Section, class E>
FieldDesc choice(std::string key, Section LinkSpec::*section, E Section::*member, std::string doc) {
  FieldDesc f{std::move(key), FieldKind::kChoice, "", std::move(doc), 0, 0, {}, {}, {}};
  for (const auto& [e, name] : EnumNames<E>::kValues) f.choices.emplace_back(name);
  f.get = [=](const LinkSpec& s) {
    for (const auto& [e, name] : EnumNames<E>::kValues)
      if (e == s.*section.*member) return FieldValue{std::string(name)};
    return FieldValue{std::string("?")};
  };
  f.set = [=](LinkSpec& s, const FieldValue& v) {
    const auto& text = std::get<std::string>(v);
    for (const auto& [e, name] : EnumNames<E>::kValues)
      if (text == name) s.*section.*member = e;
  };
  return f;
}

}  // namespace schema_detail

// Per-section field lists; each lives beside its section's struct.
void add_phy_fields(std::vector<FieldDesc>& out);
void add_link_layer_fields(std::vector<FieldDesc>& out);
void add_power_fields(std::vector<FieldDesc>& out);
void add_reliability_fields(std::vector<FieldDesc>& out);
void add_mc_fields(std::vector<FieldDesc>& out);

}  // namespace mosaic

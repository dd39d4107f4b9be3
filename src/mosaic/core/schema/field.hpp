#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace mosaic {

// What a field holds. The list kind carries items as text in the field's `syntax` (a channel,
// "CH@SECONDS", a column name): the owner's setter parses each one and names the field when one
// is wrong, so that every front end (TOML, command line, Python) gets the same message.
enum class FieldKind {
  kReal,
  kOptionalReal,
  kInteger,
  kOptionalInteger,
  kBool,
  kChoice,
  kText,
  kList,
};

// A value as it travels between TOML, the command line, Python, JSON and the struct it sets.
// monostate = unset (only for the optional kinds).
using FieldValue =
    std::variant<std::monostate, double, std::int64_t, bool, std::string, std::vector<std::string>>;

// The description of one field, whatever struct it belongs to: the single source from which the
// TOML keys, command-line flags, Python keyword arguments, the JSON echo, `mosaic keys` and the
// docs are generated, so that they can never drift apart.
struct FieldInfo {
  std::string key;  // canonical snake_case name; dotted for design keys ("fiber.length_m")
  FieldKind kind = FieldKind::kReal;
  std::string unit;  // "" for dimensionless
  std::string doc;
  double min = 0.0;  // inclusive numeric range (real, integer and their optional kinds)
  double max = 0.0;
  std::vector<std::string> choices;  // kChoice
  std::string syntax;                // kText / kList: how one item is written, for messages
  // The command line takes this field as a positional argument rather than as a flag.
  bool positional = false;
  // A text field that names a file the front end reads or writes (never the library).
  bool path = false;

  std::string allowed() const;  // human-readable range, choice list or syntax
  bool numeric() const;
  bool optional() const { return kind == FieldKind::kOptionalReal || kind == FieldKind::kOptionalInteger; }
};

// A field of struct Owner: its description and how to read and write it there.
template <class Owner>
struct Field : FieldInfo {
  std::function<FieldValue(const Owner&)> get;
  std::function<void(Owner&, const FieldValue&)> set;  // the value has passed check_value()
};

std::string format_number(double v);
// A value as the messages and `mosaic keys` show it: numbers plainly, text quoted, none, lists
// as [a, b].
std::string format_value(const FieldValue& value);

// The value converted to the field's kind and checked against its range or choices (an integer
// is accepted for a real, a one-item text for a list); throws ConfigError naming the field.
FieldValue check_value(const FieldInfo& field, const FieldValue& value);
// Parses text (a command-line or keyword value) for the field's kind, then check_value().
// List items are separated by commas.
FieldValue parse_value(const FieldInfo& field, std::string_view text);

// The nearest name among `names` to a misspelt one, if any is close (a name given without its
// dotted section points at the full name).
std::optional<std::string> nearest_name(std::string_view name, std::span<const std::string> names);

}  // namespace mosaic

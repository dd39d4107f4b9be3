#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/field.hpp"

namespace mosaic {

// The fields of one struct, in a stable documented order.
template <class Owner>
using FieldTable = std::span<const Field<Owner>>;

template <class Owner>
const Field<Owner>* find_field_in(FieldTable<Owner> table, std::string_view key) {
  for (const auto& f : table)
    if (f.key == key) return &f;
  return nullptr;
}

template <class Owner>
std::vector<std::string> field_names(FieldTable<Owner> table) {
  std::vector<std::string> names;
  for (const auto& f : table) names.push_back(f.key);
  return names;
}

// Checks the value's kind and range and stores it; throws ConfigError naming the field otherwise.
template <class Owner>
void set_field(Owner& owner, const Field<Owner>& field, const FieldValue& value) {
  field.set(owner, check_value(field, value));
}

// Parses a command-line or keyword string for the field's kind, then set_field().
template <class Owner>
void set_field_from_string(Owner& owner, const Field<Owner>& field, std::string_view text) {
  field.set(owner, parse_value(field, text));
}

// An option naming a file, given as the empty string, names no file: the front ends refuse it
// when it is given (an option left unset is "" too, meaning "none"), so that `store=""` is an
// error rather than "no store" and a run that keeps nothing.
inline void refuse_empty_path(const FieldInfo& field, const FieldValue& value) {
  if (!field.path) return;
  if (const auto* s = std::get_if<std::string>(&value); s && s->empty())
    throw ConfigError(field.key, "\"\"", "a file path (an empty path names no file)");
}

// Every field of a struct filled in code (not through set_field) checked as if it had been set
// field by field: a library caller gets the same message as the command line.
template <class Owner>
void check_fields(const Owner& owner, FieldTable<Owner> table) {
  Owner scratch = owner;
  for (const auto& f : table) f.set(scratch, check_value(f, f.get(owner)));
}

// The field of `table` named `key`, or a ConfigError naming the unknown key with the nearest
// known one.
template <class Owner>
const Field<Owner>& field_named(FieldTable<Owner> table, std::string_view key,
                                const std::string& what) {
  if (const auto* f = find_field_in(table, key)) return *f;
  const auto names = field_names(table);
  const auto hint = nearest_name(key, names);
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  throw ConfigError(std::string(key), "an unknown name", what + ": " + known,
                    hint ? "did you mean '" + *hint + "'?" : std::string{});
}

}  // namespace mosaic

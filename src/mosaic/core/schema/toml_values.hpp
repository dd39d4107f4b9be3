#pragma once

#include <string>
#include <vector>

#include "mosaic/core/schema/table.hpp"

namespace mosaic {

// One leaf value of a TOML document: its dotted key, the value, and how the document wrote it (for
// messages).
struct TomlValue {
  std::string key;
  FieldValue value;
  std::string text;
};

// toml++ builds one nested table per part of a dotted key and frees them recursively, so a key
// with millions of parts overflows the stack before any depth check can refuse it: this refuses a
// document with more dots outside strings and comments on one line than any key needs, naming
// `source` and the line.
void check_toml_nesting(const std::string& text, const std::string& source);

// Every leaf of a TOML document as dotted key and value, in document order: numbers, booleans,
// strings ("none" = unset) and arrays of them (as lists of their text). Arrays of tables are left
// out (see toml_tables). Tables nested deeper than max_depth are refused with their key. Throws
// ConfigError naming `source` for a document that is not valid TOML.
std::vector<TomlValue> toml_leaves(const std::string& text, const std::string& source,
                                   int max_depth = 4);

// The leaves of each table of the array of tables `name` ([[name]] ...), in order.
std::vector<std::vector<TomlValue>> toml_tables(const std::string& text, const std::string& source,
                                                const std::string& name, int max_depth = 4);

// Sets every value on `owner` through its table; an unknown key is refused with the nearest known
// one, `what` saying what the keys are ("a validation point's key").
template <class Owner>
void apply_toml_values(Owner& owner, FieldTable<Owner> table, const std::vector<TomlValue>& values,
                       const std::string& what) {
  for (const auto& v : values) {
    const Field<Owner>& f = field_named(table, v.key, what);
    if (std::holds_alternative<std::monostate>(v.value) && !f.optional())
      throw ConfigError(v.key, "\"none\"", f.allowed());
    set_field(owner, f, v.value);
  }
}

}  // namespace mosaic

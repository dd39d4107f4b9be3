#include "mosaic/core/schema/toml_values.hpp"

#include <toml++/toml.h>

#include <sstream>

#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

std::string describe(const toml::node& node) {
  std::ostringstream text;
  node.visit([&](const auto& n) { text << n; });
  return text.str();
}

toml::table parse(const std::string& text, const std::string& source) {
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

FieldValue scalar(const toml::node& node, const std::string& key) {
  if (const auto* v = node.as_floating_point()) return FieldValue{v->get()};
  if (const auto* v = node.as_integer()) return FieldValue{static_cast<std::int64_t>(v->get())};
  if (const auto* v = node.as_boolean()) return FieldValue{v->get()};
  if (const auto* v = node.as_string()) {
    if (v->get() == "none") return FieldValue{};
    return FieldValue{v->get()};
  }
  throw ConfigError(key, describe(node), "a number, boolean, string or an array of them");
}

void collect(const toml::table& table, const std::string& prefix, int depth, int max_depth,
             std::vector<TomlValue>& out) {
  for (const auto& [k, node] : table) {
    const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    if (const auto* sub = node.as_table()) {
      if (depth + 1 >= max_depth)
        throw ConfigError(key.substr(0, 200), "a table", "a known key (no key is this deep)");
      collect(*sub, key, depth + 1, max_depth, out);
      continue;
    }
    if (const auto* array = node.as_array()) {
      if (array->is_array_of_tables()) continue;
      std::vector<std::string> items;
      for (const auto& item : *array) {
        if (const auto* s = item.as_string())
          items.push_back(s->get());
        else if (item.is_number() || item.is_boolean())
          items.push_back(describe(item));
        else
          throw ConfigError(key, describe(node), "an array of numbers, booleans or strings");
      }
      out.push_back({key, FieldValue{std::move(items)}, describe(node)});
      continue;
    }
    out.push_back({key, scalar(node, key), describe(node)});
  }
}

}  // namespace

// toml++ builds one nested table per part of a dotted key and frees them recursively, so a key
// with millions of parts overflows the stack before apply_table() can refuse it. Dots outside
// strings and comments bound the parts of any key on a line; no design line needs many.
void check_toml_nesting(const std::string& text, const std::string& source) {
  constexpr int kMaxDotsPerLine = 128;
  int line = 1, dots = 0;
  char quote = 0;          // the quote character of the string being scanned, 0 outside
  bool multiline = false;  // inside """...""" or '''...'''
  bool comment = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      dots = 0;
      comment = false;
      if (!multiline) quote = 0;
      continue;
    }
    if (comment) continue;
    if (quote) {
      if (c == '\\' && quote == '"') {
        ++i;
      } else if (c == quote) {
        if (!multiline) {
          quote = 0;
        } else if (text.compare(i, 3, std::string(3, quote)) == 0) {
          quote = 0;
          multiline = false;
          i += 2;
        }
      }
      continue;
    }
    if (c == '#') {
      comment = true;
    } else if (c == '"' || c == '\'') {
      quote = c;
      multiline = text.compare(i, 3, std::string(3, c)) == 0;
      if (multiline) i += 2;
    } else if (c == '.' && ++dots > kMaxDotsPerLine) {
      throw ConfigError(source, "line " + std::to_string(line),
                        "at most " + std::to_string(kMaxDotsPerLine) +
                            " dots outside strings on a line (design keys have two parts)");
    }
  }
}

std::vector<TomlValue> toml_leaves(const std::string& text, const std::string& source,
                                   int max_depth) {
  const toml::table table = parse(text, source);
  std::vector<TomlValue> out;
  collect(table, "", 0, max_depth, out);
  return out;
}

std::vector<std::vector<TomlValue>> toml_tables(const std::string& text, const std::string& source,
                                                const std::string& name, int max_depth) {
  const toml::table table = parse(text, source);
  std::vector<std::vector<TomlValue>> out;
  const auto* node = table.get(name);
  if (!node) return out;
  const auto* array = node->as_array();
  if (!array || !array->is_array_of_tables())
    throw ConfigError(source, name, "an array of tables [[" + name + "]]");
  for (const auto& item : *array) {
    std::vector<TomlValue> values;
    collect(*item.as_table(), "", 0, max_depth, values);
    out.push_back(std::move(values));
  }
  return out;
}

}  // namespace mosaic

#include "mosaic/sweep/design_toml.hpp"

#include <fmt/format.h>

#include <map>
#include <vector>

#include "mosaic/core/design/schema.hpp"

namespace mosaic::sweep {

std::string toml_value(const FieldValue& v) {
  return std::visit(
      [](const auto& x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return "\"none\"";
        } else if constexpr (std::is_same_v<T, double>) {
          // Shortest text that reads back to the same double; TOML floats need a '.' or exponent.
          std::string s = fmt::format("{}", x);
          if (s.find_first_of(".eE") == std::string::npos) s += ".0";
          return s;
        } else if constexpr (std::is_same_v<T, bool>) {
          return x ? "true" : "false";
        } else if constexpr (std::is_same_v<T, std::string>) {
          return "\"" + x + "\"";
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          return fmt::format("{}", x);
        } else {
          std::string s = "[";
          for (std::size_t i = 0; i < x.size(); ++i) s += (i ? ", \"" : "\"") + x[i] + "\"";
          return s + "]";
        }
      },
      v);
}

std::string design_to_toml(const LinkSpec& spec) {
  std::string top;
  std::vector<std::string> order;
  std::map<std::string, std::string> sections;
  for (const auto& f : link_spec_fields()) {
    const auto dot = f.key.rfind('.');
    const std::string line = (dot == std::string::npos ? f.key : f.key.substr(dot + 1)) + " = " +
                             toml_value(f.get(spec));
    const std::string comment = f.unit.empty() ? "" : "  # " + f.unit;
    if (dot == std::string::npos) {
      top += line + comment + "\n";
      continue;
    }
    const std::string section = f.key.substr(0, dot);
    if (!sections.count(section)) order.push_back(section);
    sections[section] += line + comment + "\n";
  }
  std::string out = top;
  for (const auto& s : order) out += "\n[" + s + "]\n" + sections[s];
  return out;
}

}  // namespace mosaic::sweep

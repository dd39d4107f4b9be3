#include "study_flags.hpp"

#include <algorithm>
#include <cctype>

namespace mosaic::cli {

std::string flag_of(const FieldInfo& field) {
  std::string name = field.key;
  std::replace(name.begin(), name.end(), '_', '-');
  return field.positional ? name : "--" + name;
}

namespace detail {

std::string help_text(const FieldInfo& f, const FieldValue& default_value) {
  std::string text = f.kind == FieldKind::kBool ? f.doc : f.doc + " [" + f.allowed() + "]";
  const bool shown = std::visit(
      [](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return false;
        } else if constexpr (std::is_same_v<T, bool>) {
          return v;
        } else if constexpr (std::is_same_v<T, std::string> ||
                             std::is_same_v<T, std::vector<std::string>>) {
          return !v.empty();
        } else {
          return true;
        }
      },
      default_value);
  if (shown) text += " (default " + format_value(default_value) + ")";
  return text;
}

std::string type_text(const FieldInfo& f) {
  switch (f.kind) {
    case FieldKind::kReal:
    case FieldKind::kOptionalReal:
      return f.unit.empty() ? "X" : f.unit;
    case FieldKind::kInteger:
    case FieldKind::kOptionalInteger:
      return "N";
    case FieldKind::kChoice: {
      std::string s;
      for (const auto& c : f.choices) s += (s.empty() ? "" : "|") + c;
      return s;
    }
    case FieldKind::kText: {
      if (!f.path) return "TEXT";
      std::string s = f.key;
      std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
      return s;
    }
    case FieldKind::kList:
      return "ITEM[,ITEM...]";
    case FieldKind::kBool:
      break;
  }
  return {};
}

}  // namespace detail
}  // namespace mosaic::cli

#include "mosaic/core/schema/field.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include <fmt/format.h>

#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string range_text(const FieldInfo& f) {
  // Formatted in one piece: GCC 12 warns falsely (-Wrestrict) about "[" + std::string.
  return fmt::format("[{}, {}]", format_number(f.min), format_number(f.max));
}

[[noreturn]] void refuse(const FieldInfo& f, const FieldValue& v) {
  throw ConfigError(f.key, format_value(v), f.allowed());
}

// Exactly TOML's and JSON's spellings of numbers and booleans, so that the command line accepts
// what a file accepts and no more.
template <class T>
std::optional<T> parse_number(std::string_view s) {
  T v{};
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

bool FieldInfo::numeric() const {
  return kind == FieldKind::kReal || kind == FieldKind::kOptionalReal ||
         kind == FieldKind::kInteger || kind == FieldKind::kOptionalInteger;
}

std::string FieldInfo::allowed() const {
  const std::string with_unit = unit.empty() ? "" : " " + unit;
  switch (kind) {
    case FieldKind::kBool:
      return "true or false";
    case FieldKind::kChoice: {
      std::string s = "one of";
      for (std::size_t i = 0; i < choices.size(); ++i) s += (i ? ", " : " ") + choices[i];
      return s;
    }
    case FieldKind::kInteger:
      return "an integer in " + range_text(*this);
    case FieldKind::kOptionalInteger:
      return "an integer in " + range_text(*this) + ", or \"none\"";
    case FieldKind::kOptionalReal:
      return "a number in " + range_text(*this) + with_unit + ", or \"none\"";
    case FieldKind::kReal:
      return "a number in " + range_text(*this) + with_unit;
    case FieldKind::kText:
      return syntax.empty() ? "text" : syntax;
    case FieldKind::kList:
      return "a list of " + (syntax.empty() ? std::string("items") : syntax);
  }
  return {};
}

std::string format_number(double v) {
  char buf[64];
  if (v == std::floor(v) && std::abs(v) < 1e17) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string format_value(const FieldValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return "none";
        } else if constexpr (std::is_same_v<T, double>) {
          return format_number(v);
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          return std::to_string(v);
        } else if constexpr (std::is_same_v<T, bool>) {
          return v ? "true" : "false";
        } else if constexpr (std::is_same_v<T, std::string>) {
          return "\"" + v + "\"";
        } else {
          std::string s = "[";
          for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
          return s + "]";
        }
      },
      value);
}

FieldValue check_value(const FieldInfo& f, const FieldValue& value) {
  const bool unset = std::holds_alternative<std::monostate>(value);
  switch (f.kind) {
    case FieldKind::kOptionalReal:
      if (unset) return value;
      [[fallthrough]];
    case FieldKind::kReal: {
      double v;
      if (const auto* d = std::get_if<double>(&value)) {
        v = *d;
      } else if (const auto* i = std::get_if<std::int64_t>(&value)) {
        v = static_cast<double>(*i);
      } else {
        refuse(f, value);
      }
      if (!std::isfinite(v) || v < f.min || v > f.max) refuse(f, value);
      return FieldValue{v};
    }
    case FieldKind::kOptionalInteger:
      if (unset) return value;
      [[fallthrough]];
    case FieldKind::kInteger: {
      const auto* i = std::get_if<std::int64_t>(&value);
      if (!i || static_cast<double>(*i) < f.min || static_cast<double>(*i) > f.max)
        refuse(f, value);
      return value;
    }
    case FieldKind::kBool:
      if (!std::holds_alternative<bool>(value)) refuse(f, value);
      return value;
    case FieldKind::kChoice: {
      const auto* s = std::get_if<std::string>(&value);
      if (!s || std::find(f.choices.begin(), f.choices.end(), *s) == f.choices.end())
        refuse(f, value);
      return value;
    }
    case FieldKind::kText:
      if (!std::holds_alternative<std::string>(value)) refuse(f, value);
      return value;
    case FieldKind::kList:
      if (const auto* s = std::get_if<std::string>(&value))
        return FieldValue{std::vector<std::string>{*s}};
      if (!std::holds_alternative<std::vector<std::string>>(value)) refuse(f, value);
      return value;
  }
  refuse(f, value);
}

FieldValue parse_value(const FieldInfo& f, std::string_view text) {
  const std::string s(text);
  const auto bad = [&]() -> FieldValue { throw ConfigError(f.key, "\"" + s + "\"", f.allowed()); };
  if (f.optional() && s == "none") return FieldValue{};
  switch (f.kind) {
    case FieldKind::kOptionalReal:
    case FieldKind::kReal: {
      const auto v = parse_number<double>(s);
      return v ? check_value(f, FieldValue{*v}) : bad();
    }
    case FieldKind::kOptionalInteger:
    case FieldKind::kInteger: {
      const auto v = parse_number<std::int64_t>(s);
      return v ? check_value(f, FieldValue{*v}) : bad();
    }
    case FieldKind::kBool:
      if (s == "true") return FieldValue{true};
      if (s == "false") return FieldValue{false};
      return bad();
    case FieldKind::kChoice:
    case FieldKind::kText:
      return check_value(f, FieldValue{s});
    case FieldKind::kList: {
      std::vector<std::string> items;
      std::size_t pos = 0;
      while (pos <= s.size()) {
        const std::size_t comma = std::min(s.find(',', pos), s.size());
        items.push_back(s.substr(pos, comma - pos));
        pos = comma + 1;
      }
      return FieldValue{std::move(items)};
    }
  }
  return bad();
}

std::optional<std::string> nearest_name(std::string_view name, std::span<const std::string> names) {
  std::optional<std::string> best;
  // Edit distance is quadratic; nothing this long is a misspelling of a name.
  if (name.size() > 100) return best;
  std::size_t best_d = std::max<std::size_t>(3, name.size() / 3) + 1;
  for (const auto& candidate : names) {
    const auto dot = candidate.rfind('.');
    const std::string_view leaf = dot == std::string::npos
                                      ? std::string_view(candidate)
                                      : std::string_view(candidate).substr(dot + 1);
    const std::size_t d = std::min(edit_distance(name, candidate), edit_distance(name, leaf) + 1);
    if (d < best_d) {
      best_d = d;
      best = candidate;
    }
  }
  return best;
}

}  // namespace mosaic

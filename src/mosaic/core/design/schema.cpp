#include "mosaic/core/design/schema.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace mosaic {
namespace {

std::vector<FieldDesc> build_fields() {
  std::vector<FieldDesc> out;
  out.push_back(
      FieldDesc{"seed",
                FieldKind::kInteger,
                "",
                "Seed of every random stream of the run",
                0.0,
                9007199254740991.0,
                {},
                [](const LinkSpec& s) { return FieldValue{static_cast<std::int64_t>(s.seed)}; },
                [](LinkSpec& s, const FieldValue& v) {
                  s.seed = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
                }});
  add_phy_fields(out);
  add_link_layer_fields(out);
  add_power_fields(out);
  add_reliability_fields(out);
  add_mc_fields(out);
  return out;
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

[[noreturn]] void wrong_kind(const FieldDesc& f, const FieldValue& v) {
  throw ConfigError(f.key, format_value(v), f.allowed());
}

}  // namespace

std::string FieldDesc::allowed() const {
  switch (kind) {
    case FieldKind::kBool:
      return "true or false";
    case FieldKind::kChoice: {
      std::string s = "one of";
      for (std::size_t i = 0; i < choices.size(); ++i) s += (i ? ", " : " ") + choices[i];
      return s;
    }
    case FieldKind::kInteger:
      return "an integer in [" + format_number(min) + ", " + format_number(max) + "]";
    case FieldKind::kOptionalReal:
      return "a number in [" + format_number(min) + ", " + format_number(max) + "]" +
             (unit.empty() ? "" : " " + unit) + ", or \"none\"";
    case FieldKind::kReal:
      break;
  }
  return "a number in [" + format_number(min) + ", " + format_number(max) + "]" +
         (unit.empty() ? "" : " " + unit);
}

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
  std::optional<std::string> best;
  // Edit distance is quadratic; nothing this long is a misspelling of a design key.
  if (key.size() > 100) return best;
  std::size_t best_d = std::max<std::size_t>(3, key.size() / 3) + 1;
  for (const auto& f : link_spec_fields()) {
    // A key given without its section ("length_m") should point at the full name.
    const auto dot = f.key.rfind('.');
    const std::string_view leaf = dot == std::string::npos
                                      ? std::string_view(f.key)
                                      : std::string_view(f.key).substr(dot + 1);
    const std::size_t d = std::min(edit_distance(key, f.key), edit_distance(key, leaf) + 1);
    if (d < best_d) {
      best_d = d;
      best = f.key;
    }
  }
  return best;
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
        } else {
          return "\"" + v + "\"";
        }
      },
      value);
}

void set_field(LinkSpec& spec, const FieldDesc& f, const FieldValue& value) {
  switch (f.kind) {
    case FieldKind::kOptionalReal:
      if (std::holds_alternative<std::monostate>(value)) {
        f.set(spec, value);
        return;
      }
      [[fallthrough]];
    case FieldKind::kReal: {
      double v;
      if (const auto* d = std::get_if<double>(&value)) {
        v = *d;
      } else if (const auto* i = std::get_if<std::int64_t>(&value)) {
        v = static_cast<double>(*i);
      } else {
        wrong_kind(f, value);
      }
      if (!std::isfinite(v) || v < f.min || v > f.max) wrong_kind(f, value);
      f.set(spec, FieldValue{v});
      return;
    }
    case FieldKind::kInteger: {
      const auto* i = std::get_if<std::int64_t>(&value);
      if (!i || static_cast<double>(*i) < f.min || static_cast<double>(*i) > f.max)
        wrong_kind(f, value);
      f.set(spec, value);
      return;
    }
    case FieldKind::kBool:
      if (!std::holds_alternative<bool>(value)) wrong_kind(f, value);
      f.set(spec, value);
      return;
    case FieldKind::kChoice: {
      const auto* s = std::get_if<std::string>(&value);
      if (!s || std::find(f.choices.begin(), f.choices.end(), *s) == f.choices.end())
        wrong_kind(f, value);
      f.set(spec, value);
      return;
    }
  }
}

void set_field_from_string(LinkSpec& spec, const FieldDesc& f, std::string_view text) {
  const std::string s(text);
  auto bad = [&] { throw ConfigError(f.key, "\"" + s + "\"", f.allowed()); };
  switch (f.kind) {
    case FieldKind::kOptionalReal:
      if (s == "none") {
        set_field(spec, f, FieldValue{});
        return;
      }
      [[fallthrough]];
    case FieldKind::kReal: {
      double v = 0;
      const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec != std::errc{} || p != s.data() + s.size()) bad();
      set_field(spec, f, FieldValue{v});
      return;
    }
    case FieldKind::kInteger: {
      std::int64_t v = 0;
      const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec != std::errc{} || p != s.data() + s.size()) bad();
      set_field(spec, f, FieldValue{v});
      return;
    }
    case FieldKind::kBool:
      // Exactly TOML's spelling, so that --set accepts what a design file accepts and no more.
      if (s == "true") {
        set_field(spec, f, FieldValue{true});
      } else if (s == "false") {
        set_field(spec, f, FieldValue{false});
      } else {
        bad();
      }
      return;
    case FieldKind::kChoice:
      set_field(spec, f, FieldValue{s});
      return;
  }
}

}  // namespace mosaic

#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mosaic/core/schema/field.hpp"

namespace mosaic {

// Names of an enum, in the order of its enumerators, for choice fields and JSON: a specialisation
// per enum holds `kValues`, an array of {enumerator, name}.
template <class E>
struct EnumNames;

// Builders of fields. Each takes the field's name, where the value lives in its owner (an
// accessor returning a reference, or a member pointer) and its description; the design keys
// (core/design) and every study's options (core/options) are tables built from these.
namespace schema {

template <class Owner>
Field<Owner> make_field(std::string key, FieldKind kind, std::string unit, std::string doc,
                        double lo, double hi) {
  Field<Owner> f;
  f.key = std::move(key);
  f.kind = kind;
  f.unit = std::move(unit);
  f.doc = std::move(doc);
  f.min = lo;
  f.max = hi;
  return f;
}

template <class Owner, class Access>
Field<Owner> real_at(std::string key, Access at, double lo, double hi, std::string unit,
                     std::string doc) {
  auto f = make_field<Owner>(std::move(key), FieldKind::kReal, std::move(unit),
                                     std::move(doc), lo, hi);
  f.get = [at](const Owner& o) { return FieldValue{static_cast<double>(at(o))}; };
  f.set = [at](Owner& o, const FieldValue& v) {
    using T = std::decay_t<decltype(at(o))>;
    at(o) = static_cast<T>(std::get<double>(v));
  };
  return f;
}

template <class Owner, class Access>
Field<Owner> optional_real_at(std::string key, Access at, double lo, double hi, std::string unit,
                              std::string doc) {
  auto f = make_field<Owner>(std::move(key), FieldKind::kOptionalReal, std::move(unit),
                                     std::move(doc), lo, hi);
  f.get = [at](const Owner& o) {
    const std::optional<double>& v = at(o);
    return v ? FieldValue{*v} : FieldValue{};
  };
  f.set = [at](Owner& o, const FieldValue& v) {
    std::optional<double>& dst = at(o);
    if (std::holds_alternative<double>(v))
      dst = std::get<double>(v);
    else
      dst.reset();
  };
  return f;
}

template <class Owner, class Access>
Field<Owner> integer_at(std::string key, Access at, double lo, double hi, std::string unit,
                        std::string doc) {
  auto f = make_field<Owner>(std::move(key), FieldKind::kInteger, std::move(unit),
                                     std::move(doc), lo, hi);
  f.get = [at](const Owner& o) { return FieldValue{static_cast<std::int64_t>(at(o))}; };
  f.set = [at](Owner& o, const FieldValue& v) {
    using T = std::decay_t<decltype(at(o))>;
    at(o) = static_cast<T>(std::get<std::int64_t>(v));
  };
  return f;
}

template <class Owner, class Access>
Field<Owner> optional_integer_at(std::string key, Access at, double lo, double hi,
                                 std::string unit, std::string doc) {
  auto f = make_field<Owner>(std::move(key), FieldKind::kOptionalInteger,
                                     std::move(unit), std::move(doc), lo, hi);
  f.get = [at](const Owner& o) {
    const auto& v = at(o);
    return v ? FieldValue{static_cast<std::int64_t>(*v)} : FieldValue{};
  };
  f.set = [at](Owner& o, const FieldValue& v) {
    auto& dst = at(o);
    using T = typename std::decay_t<decltype(dst)>::value_type;
    if (std::holds_alternative<std::int64_t>(v))
      dst = static_cast<T>(std::get<std::int64_t>(v));
    else
      dst.reset();
  };
  return f;
}

template <class Owner, class Access>
Field<Owner> boolean_at(std::string key, Access at, std::string doc) {
  auto f = make_field<Owner>(std::move(key), FieldKind::kBool, "", std::move(doc), 0, 1);
  f.get = [at](const Owner& o) { return FieldValue{static_cast<bool>(at(o))}; };
  f.set = [at](Owner& o, const FieldValue& v) { at(o) = std::get<bool>(v); };
  return f;
}

template <class Owner, class Access>
Field<Owner> choice_at(std::string key, Access at, std::string doc) {
  using E = std::decay_t<decltype(at(std::declval<const Owner&>()))>;
  auto f =
      make_field<Owner>(std::move(key), FieldKind::kChoice, "", std::move(doc), 0, 0);
  for (const auto& [e, name] : EnumNames<E>::kValues) f.choices.emplace_back(name);
  f.get = [at](const Owner& o) {
    for (const auto& [e, name] : EnumNames<E>::kValues)
      if (e == at(o)) return FieldValue{std::string(name)};
    return FieldValue{std::string("?")};
  };
  f.set = [at](Owner& o, const FieldValue& v) {
    const auto& text = std::get<std::string>(v);
    for (const auto& [e, name] : EnumNames<E>::kValues)
      if (text == name) at(o) = e;
  };
  return f;
}

template <class Owner, class Access>
Field<Owner> text_at(std::string key, Access at, std::string syntax, std::string doc) {
  auto f = make_field<Owner>(std::move(key), FieldKind::kText, "", std::move(doc), 0, 0);
  f.syntax = std::move(syntax);
  f.get = [at](const Owner& o) { return FieldValue{at(o)}; };
  f.set = [at](Owner& o, const FieldValue& v) { at(o) = std::get<std::string>(v); };
  return f;
}

// A list whose items are parsed by `parse(text, field)` (which throws ConfigError naming the
// field for a bad item) and written back by `format(item)`.
template <class Owner, class Access, class Parse, class Format>
Field<Owner> list_at(std::string key, Access at, std::string syntax, std::string doc, Parse parse,
                     Format format) {
  auto f = make_field<Owner>(std::move(key), FieldKind::kList, "", std::move(doc), 0, 0);
  f.syntax = std::move(syntax);
  f.get = [at, format](const Owner& o) {
    std::vector<std::string> items;
    for (const auto& item : at(o)) items.push_back(format(item));
    return FieldValue{std::move(items)};
  };
  const FieldInfo info = f;
  f.set = [at, parse, info](Owner& o, const FieldValue& v) {
    auto& dst = at(o);
    std::decay_t<decltype(dst)> items;
    for (const auto& text : std::get<std::vector<std::string>>(v))
      items.push_back(parse(text, info));
    dst = std::move(items);
  };
  return f;
}

// The same builders for a member of Owner itself (the options of a study).
template <class Owner, class T>
auto member(T Owner::*m) {
  return [m](auto& o) -> auto& { return o.*m; };
}

template <class Owner, class T>
Field<Owner> real(std::string key, T Owner::*m, double lo, double hi, std::string unit,
                  std::string doc) {
  return real_at<Owner>(std::move(key), member(m), lo, hi, std::move(unit),
                        std::move(doc));
}
template <class Owner>
Field<Owner> optional_real(std::string key, std::optional<double> Owner::*m, double lo, double hi,
                           std::string unit, std::string doc) {
  return optional_real_at<Owner>(std::move(key), member(m), lo, hi, std::move(unit),
                                 std::move(doc));
}
template <class Owner, class T>
Field<Owner> integer(std::string key, T Owner::*m, double lo, double hi, std::string unit,
                     std::string doc) {
  return integer_at<Owner>(std::move(key), member(m), lo, hi, std::move(unit),
                           std::move(doc));
}
template <class Owner, class T>
Field<Owner> optional_integer(std::string key, std::optional<T> Owner::*m, double lo, double hi,
                              std::string unit, std::string doc) {
  return optional_integer_at<Owner>(std::move(key), member(m), lo, hi, std::move(unit),
                                    std::move(doc));
}
template <class Owner>
Field<Owner> boolean(std::string key, bool Owner::*m, std::string doc) {
  return boolean_at<Owner>(std::move(key), member(m), std::move(doc));
}
template <class Owner, class E>
Field<Owner> choice(std::string key, E Owner::*m, std::string doc) {
  return choice_at<Owner>(std::move(key), member(m), std::move(doc));
}
template <class Owner>
Field<Owner> text(std::string key, std::string Owner::*m, std::string syntax, std::string doc) {
  return text_at<Owner>(std::move(key), member(m), std::move(syntax), std::move(doc));
}
template <class Owner, class Item, class Parse, class Format>
Field<Owner> list(std::string key, std::vector<Item> Owner::*m, std::string syntax, std::string doc,
                  Parse parse, Format format) {
  return list_at<Owner>(std::move(key), member(m), std::move(syntax), std::move(doc), parse,
                        format);
}

// Marks a field as the command line's positional argument / a file path the front end opens.
template <class Owner>
Field<Owner> positional(Field<Owner> f) {
  f.positional = true;
  return f;
}
template <class Owner>
Field<Owner> path(Field<Owner> f) {
  f.path = true;
  return f;
}

}  // namespace schema
}  // namespace mosaic

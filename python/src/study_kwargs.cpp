#include "study_kwargs.hpp"

#include <Python.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"

namespace py = pybind11;

namespace mosaic::python {
namespace {

std::string type_name(const py::handle& value) {
  return py::str(py::type::handle_of(value).attr("__name__"));
}

[[noreturn]] void wrong_type(const FieldInfo& f, const py::handle& value, const char* wanted,
                             const std::string& function) {
  throw py::type_error(function + "(): " + f.key + " must be " + wanted + ", not " +
                       type_name(value));
}

bool is_bool(const py::handle& v) {
  if (PyBool_Check(v.ptr())) return true;
  // numpy.bool_ is not a Python bool but means one.
  return type_name(v) == "bool_" || type_name(v) == "bool";
}

// A Python integer (numpy's too) as an int64; one beyond int64 is refused as out of range, with
// the field's own message.
std::int64_t integer_of(const FieldInfo& f, const py::handle& v) {
  const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr()));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow != 0) throw ConfigError(f.key, std::string(py::str(v)), f.allowed());
  return x;
}

std::string text_of(const FieldInfo& f, const py::handle& v, const std::string& function) {
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (f.path && py::hasattr(v, "__fspath__")) return py::str(v.attr("__fspath__")());
  wrong_type(f, v, f.path ? "a string or a path" : "a string", function);
}

std::string item_text(const FieldInfo& f, const py::handle& item, const std::string& function) {
  if (py::isinstance<py::str>(item)) return item.cast<std::string>();
  if (is_bool(item)) wrong_type(f, item, "a list of items", function);
  if (PyIndex_Check(item.ptr())) return std::to_string(integer_of(f, item));
  if (PyFloat_Check(item.ptr())) return py::repr(item);
  if (py::isinstance<py::tuple>(item) || py::isinstance<py::list>(item)) {
    std::string joined;
    for (const auto& part : item)
      joined += (joined.empty() ? "" : "@") + item_text(f, part, function);
    return joined;
  }
  wrong_type(f, item, ("a list of " + f.syntax).c_str(), function);
}

}  // namespace

FieldValue kwarg_value(const FieldInfo& f, const py::handle& v, const std::string& function) {
  if (v.is_none()) {
    if (f.optional()) return FieldValue{};
    if (f.kind == FieldKind::kText) return FieldValue{std::string()};
    if (f.kind == FieldKind::kList) return FieldValue{std::vector<std::string>{}};
  }
  switch (f.kind) {
    case FieldKind::kReal:
    case FieldKind::kOptionalReal:
      if (is_bool(v)) wrong_type(f, v, "a number", function);
      if (PyIndex_Check(v.ptr())) return FieldValue{static_cast<double>(integer_of(f, v))};
      if (PyFloat_Check(v.ptr()) || py::hasattr(v, "__float__"))
        return FieldValue{PyFloat_AsDouble(v.ptr())};
      wrong_type(f, v, "a number", function);
    case FieldKind::kInteger:
    case FieldKind::kOptionalInteger:
      if (is_bool(v) || !PyIndex_Check(v.ptr())) wrong_type(f, v, "an integer", function);
      return FieldValue{integer_of(f, v)};
    case FieldKind::kBool:
      if (!is_bool(v)) wrong_type(f, v, "a bool", function);
      return FieldValue{PyObject_IsTrue(v.ptr()) == 1};
    case FieldKind::kChoice:
    case FieldKind::kText:
      return FieldValue{text_of(f, v, function)};
    case FieldKind::kList: {
      if (py::isinstance<py::str>(v))
        return FieldValue{std::vector<std::string>{v.cast<std::string>()}};
      if (!py::hasattr(v, "__iter__"))
        wrong_type(f, v, ("a list of " + f.syntax).c_str(), function);
      std::vector<std::string> items;
      for (const auto& item : v) items.push_back(item_text(f, item, function));
      return FieldValue{std::move(items)};
    }
  }
  wrong_type(f, v, "a value", function);
}

std::optional<std::string> optional_path(const py::handle& value, const std::string& what,
                                         const std::string& function) {
  if (value.is_none()) return std::nullopt;
  std::string text;
  if (py::isinstance<py::str>(value)) {
    text = value.cast<std::string>();
  } else if (py::hasattr(value, "__fspath__")) {
    const py::object p = value.attr("__fspath__")();
    if (!py::isinstance<py::str>(p))
      throw py::type_error(function + "(): " + what + " must be a str path, not " + type_name(p));
    text = p.cast<std::string>();
  } else {
    throw py::type_error(function + "(): " + what + " must be a str or a path, not " +
                         type_name(value));
  }
  if (text.empty()) throw ConfigError(what, "\"\"", "a file path (an empty path names no file)");
  return text;
}

SpecRequest spec_request_from_python(const py::handle& design, const py::handle& preset,
                                     const py::handle& overrides, const py::handle& seed,
                                     const std::string& function) {
  SpecRequest r;
  r.toml_path = optional_path(design, "design", function);
  if (!preset.is_none()) {
    if (!py::isinstance<py::str>(preset))
      throw py::type_error(function + "(): preset must be a str, not " + type_name(preset));
    r.preset = preset.cast<std::string>();
  }
  if (!overrides.is_none()) {
    if (!py::isinstance<py::list>(overrides) && !py::isinstance<py::tuple>(overrides))
      throw py::type_error(function + "(): overrides must be a dict, not " + type_name(overrides));
    for (const auto& item : overrides) {
      if (!py::isinstance<py::str>(item))
        throw py::type_error(function + "(): overrides must be KEY=VALUE strings, not " +
                             type_name(item));
      r.overrides.push_back(item.cast<std::string>());
    }
  }
  if (!seed.is_none()) {
    // The design's own `seed` key decides the range, as --seed does.
    const FieldDesc& field = *find_field("seed");
    const FieldValue v = check_value(field, kwarg_value(field, seed, function));
    r.seed = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
  }
  return r;
}

}  // namespace mosaic::python

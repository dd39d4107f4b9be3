#include "study_kwargs.hpp"

#include <Python.h>

#include <cmath>
#include <cstdint>
#include <vector>

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
    for (const auto& part : item) joined += (joined.empty() ? "" : "@") + item_text(f, part, function);
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
      if (py::isinstance<py::str>(v)) return FieldValue{std::vector<std::string>{v.cast<std::string>()}};
      if (!py::hasattr(v, "__iter__")) wrong_type(f, v, ("a list of " + f.syntax).c_str(), function);
      std::vector<std::string> items;
      for (const auto& item : v) items.push_back(item_text(f, item, function));
      return FieldValue{std::move(items)};
    }
  }
  wrong_type(f, v, "a value", function);
}

}  // namespace mosaic::python

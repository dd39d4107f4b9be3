#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::python {

// A Python keyword argument as the value of a field, by the field's kind: a number for a real
// (not a bool), an integer for an integer (numpy integers too), a bool for a bool, a string (or a
// path) for text and choices, None for an unset optional, and for a list an iterable whose items
// are strings, numbers or tuples (joined with '@', so (17, 0.002) is "17@0.002"). Anything else
// raises TypeError naming `function` and the field; a value the table refuses raises ValueError
// (ConfigError) exactly as the command line's message.
FieldValue kwarg_value(const FieldInfo& field, const pybind11::handle& value,
                       const std::string& function);

// The design request of a Python call, checked as the command line checks its flags: `design` a
// path (str or os.PathLike) or None, `preset` a str or None, `overrides` a list of "KEY=VALUE"
// strings (mosaic/__init__.py renders the dict), `seed` an integer within the `seed` key's range
// (0 to 2^53 - 1) or None. TypeError for a wrong type, ValueError (ConfigError) for a bad value:
// one line each, never pybind11's list of overloads.
SpecRequest spec_request_from_python(const pybind11::handle& design, const pybind11::handle& preset,
                                     const pybind11::handle& overrides,
                                     const pybind11::handle& seed, const std::string& function);

// A str or os.PathLike argument (`what` names it); None gives nullopt.
std::optional<std::string> optional_path(const pybind11::handle& value, const std::string& what,
                                         const std::string& function);

// The options of a study from a dict of keyword arguments named as its table: an unknown name
// raises TypeError with the nearest known one, every value goes through kwarg_value and the
// table's own check.
template <class Options>
Options options_from_kwargs(const pybind11::dict& kwargs, const std::string& function) {
  Options options;
  for (const auto& [key, value] : kwargs) {
    const std::string name = pybind11::str(key);
    const Field<Options>* field = find_field_in(Options::fields(), name);
    if (!field) {
      const auto names = field_names(Options::fields());
      const auto hint = nearest_name(name, names);
      throw pybind11::type_error(function + "() got an unexpected keyword argument '" + name + "'" +
                                 (hint ? "; did you mean '" + *hint + "'?" : ""));
    }
    // None is the default, as if the argument were not given (an empty path would be refused).
    if (value.is_none() && field->kind == FieldKind::kText) continue;
    const FieldValue v = kwarg_value(*field, value, function);
    refuse_empty_path(*field, v);
    set_field(options, *field, v);
  }
  return options;
}

}  // namespace mosaic::python

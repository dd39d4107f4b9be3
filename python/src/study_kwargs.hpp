#pragma once

#include <pybind11/pybind11.h>

#include <string>

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
      throw pybind11::type_error(function + "() got an unexpected keyword argument '" + name +
                                 "'" + (hint ? "; did you mean '" + *hint + "'?" : ""));
    }
    set_field(options, *field, kwarg_value(*field, value, function));
  }
  return options;
}

}  // namespace mosaic::python

#pragma once

#include <span>
#include <string>
#include <vector>

#include "mosaic/core/schema/field.hpp"

namespace mosaic::study {

// One study (a command): its name, what it does, and its options' descriptions, in table order.
// `mosaic keys --options`, the Python module and the tests that hold the front ends to the tables
// read this list.
struct StudyInfo {
  std::string name;
  std::string doc;
  std::vector<const FieldInfo*> fields;
  std::vector<FieldValue> default_values;  // each field's default, in table order
};

const std::vector<StudyInfo>& studies();
const StudyInfo* find_study(const std::string& name);

}  // namespace mosaic::study

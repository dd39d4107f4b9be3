#pragma once

#include <array>
#include <utility>

#include "mosaic/core/spec/schema.hpp"

namespace mosaic {

// Names of the striping modes for the `link.striping` key and the JSON echo. Kept beside the link
// layer (the core's enum_names.hpp is shared); included by core/spec/link_layer_fields.cpp.
template <>
struct EnumNames<Striping> {
  static constexpr std::array<std::pair<Striping, const char*>, 2> kValues{{
      {Striping::kBit, "bit"},
      {Striping::kWord, "word"},
  }};
};

}  // namespace mosaic

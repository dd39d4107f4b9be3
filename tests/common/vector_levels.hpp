#pragma once

#include <vector>

#include "mosaic/core/vector_level.hpp"

namespace mosaic::test {

// The vector levels this CPU runs above the scalar reference (empty on a baseline-only CPU): the
// kernel tests run each of them against the reference.
inline std::vector<VectorLevel> vector_levels_above_baseline() {
  std::vector<VectorLevel> out;
  for (int l = 1; l <= static_cast<int>(cpu_vector_level()); ++l)
    out.push_back(static_cast<VectorLevel>(l));
  return out;
}

}  // namespace mosaic::test

#include "mosaic/core/vector_level.hpp"

namespace mosaic {

VectorLevel cpu_vector_level() {
#ifdef MOSAIC_LEVEL_PATHS
  static const VectorLevel level = [] {
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
        __builtin_cpu_supports("bmi2"))
      return VectorLevel::kAvx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
        __builtin_cpu_supports("bmi2"))
      return VectorLevel::kAvx2;
    return VectorLevel::kBaseline;
  }();
  return level;
#else
  return VectorLevel::kBaseline;
#endif
}

const char* to_string(VectorLevel level) {
  switch (level) {
    case VectorLevel::kAvx512:
      return "avx512";
    case VectorLevel::kAvx2:
      return "avx2";
    case VectorLevel::kBaseline:
      break;
  }
  return "baseline";
}

}  // namespace mosaic

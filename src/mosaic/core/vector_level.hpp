#pragma once

// The kernels whose vectors must match the CPU's registers (a GCC vector wider than the target's
// is taken apart through the stack, many times slower than the scalar loop) are compiled once per
// instruction-set level and picked at run time; the tests run every level the CPU has against
// the scalar references.
namespace mosaic {

enum class VectorLevel {
  kBaseline,  // x86-64 (SSE2), or any other architecture
  kAvx2,      // x86-64-v3: AVX2, FMA, BMI2
  kAvx512,    // x86-64-v4: AVX-512 F, BW, DQ, VL
};

// The highest level this CPU runs (kBaseline off x86-64 or off GCC).
VectorLevel cpu_vector_level();

const char* to_string(VectorLevel level);

// One of a kernel's three versions by level (any callable type, usually function pointers).
template <typename Fn>
Fn pick_level(VectorLevel level, Fn avx512, Fn avx2, Fn baseline) {
  if (level == VectorLevel::kAvx512) return avx512;
  if (level == VectorLevel::kAvx2) return avx2;
  return baseline;
}

}  // namespace mosaic

// MOSAIC_TARGET_CLONES: a function compiled once per level, the loader picking the best the CPU
// has (GCC function multiversioning), for loops plain enough to vectorise themselves. Element-wise
// work, or files built with -ffp-contract=off, gives the same bits in every clone.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MOSAIC_LEVEL_PATHS 1
#define MOSAIC_TARGET_AVX512 __attribute__((target("arch=x86-64-v4")))
#define MOSAIC_TARGET_AVX2 __attribute__((target("arch=x86-64-v3")))
#define MOSAIC_TARGET_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define MOSAIC_TARGET_AVX512
#define MOSAIC_TARGET_AVX2
#define MOSAIC_TARGET_CLONES
#endif

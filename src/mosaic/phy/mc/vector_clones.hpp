#pragma once

// For the files whose kernels are written with GCC / clang vector extensions: each kernel is
// compiled for AVX-512, AVX2 and the baseline (MOSAIC_TARGET_CLONES, or one MOSAIC_TARGET_* body
// a level), with its helpers always inlined into every clone (MOSAIC_VECTOR_INLINE). Such files are
// built with -ffp-contract=off (src/mosaic/phy/CMakeLists.txt), so every clone rounds its
// products and sums as the scalar references do.
#include "mosaic/core/vector_level.hpp"

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MOSAIC_VECTOR_INLINE __attribute__((always_inline)) inline
#else
#define MOSAIC_VECTOR_INLINE inline
#endif

// The helpers that take or return vectors are always inlined into the clones, so the vector
// calling convention the baseline would use for them (-Wpsabi's warning) never exists.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#include <algorithm>
#include <array>

#include "mosaic/core/rng.hpp"
#include "mosaic/core/vector_level.hpp"

// The Philox kernel is compiled for each level (MOSAIC_TARGET_CLONES): the rounds are integer
// arithmetic, the same bits in every clone.
namespace mosaic {
namespace {

constexpr std::size_t kBatch = 16;  // Philox blocks per pass: one vector register of each word

// kBatch words side by side (GCC / clang vector extensions: written out, because the compiler
// does not vectorise the rounds' 32 x 32 -> 64-bit products on its own).
using Words = std::uint32_t __attribute__((vector_size(kBatch * sizeof(std::uint32_t))));
using Wide = std::uint64_t __attribute__((vector_size(kBatch * sizeof(std::uint64_t))));

// Philox4x32-10 (Salmon et al., SC 2011) of the counters {first + i, c1, c2, c3}, i < kBatch,
// under key {k0, k1}, as two uniforms per block: word 0 high and word 1 low, then words 2 and 3,
// the order Rng::uniform() reads them in.
MOSAIC_TARGET_CLONES void philox_uniforms(std::uint32_t first, std::uint32_t c1, std::uint32_t c2,
                                          std::uint32_t c3, std::uint32_t k0, std::uint32_t k1,
                                          double* out) {
  Words x0, x1, x2, x3;
  for (std::size_t i = 0; i < kBatch; ++i) {
    x0[i] = first + static_cast<std::uint32_t>(i);
    x1[i] = c1;
    x2[i] = c2;
    x3[i] = c3;
  }
  std::uint32_t ka = k0, kb = k1;
  for (int round = 0; round < 10; ++round) {
    const Wide p0 = __builtin_convertvector(x0, Wide) * std::uint64_t{philox::kM0};
    const Wide p1 = __builtin_convertvector(x2, Wide) * std::uint64_t{philox::kM1};
    const Words y0 = __builtin_convertvector(p1 >> 32, Words) ^ x1 ^ ka;
    const Words y2 = __builtin_convertvector(p0 >> 32, Words) ^ x3 ^ kb;
    x1 = __builtin_convertvector(p1, Words);
    x3 = __builtin_convertvector(p0, Words);
    x0 = y0;
    x2 = y2;
    ka += philox::kW0;
    kb += philox::kW1;
  }
  const Wide a = (__builtin_convertvector(x0, Wide) << 32) | __builtin_convertvector(x1, Wide);
  const Wide b = (__builtin_convertvector(x2, Wide) << 32) | __builtin_convertvector(x3, Wide);
  for (std::size_t i = 0; i < kBatch; ++i) {
    out[2 * i] = (static_cast<double>(a[i] >> 11) + 0.5) * 0x1.0p-53;
    out[2 * i + 1] = (static_cast<double>(b[i] >> 11) + 0.5) * 0x1.0p-53;
  }
}

}  // namespace

void Rng::fill_uniform(double* out, std::size_t n) {
  // Words left in the current block first, one uniform at a time as uniform() takes them.
  while (n > 0 && pos_ != 4) {
    *out++ = uniform();
    --n;
  }
  // Then whole blocks, kBatch at a time: two uniforms each, the counter advancing as refill's.
  while (n >= 2 * kBatch) {
    philox_uniforms(ctr_.v[0], ctr_.v[1], ctr_.v[2], ctr_.v[3], key_.v[0], key_.v[1], out);
    ctr_.v[0] += static_cast<std::uint32_t>(kBatch);
    out += 2 * kBatch;
    n -= 2 * kBatch;
  }
  // A last partial batch: the whole batch computed (cheaper than a few blocks one by one), the
  // blocks asked for kept, the counter advanced past those alone.
  if (const std::size_t blocks = n / 2; blocks > 0) {
    std::array<double, 2 * kBatch> batch;
    philox_uniforms(ctr_.v[0], ctr_.v[1], ctr_.v[2], ctr_.v[3], key_.v[0], key_.v[1], batch.data());
    std::copy(batch.begin(), batch.begin() + 2 * blocks, out);
    ctr_.v[0] += static_cast<std::uint32_t>(blocks);
    out += 2 * blocks;
    n -= 2 * blocks;
  }
  while (n > 0) {
    *out++ = uniform();
    --n;
  }
}

}  // namespace mosaic

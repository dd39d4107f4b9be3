#include "mosaic/link/kernels.hpp"

namespace mosaic::link {

void transpose64(std::uint64_t* a) {
  // Recursive block swap (Hacker's Delight 7-3): six stages, each exchanging the off-diagonal
  // sub-blocks of size j; the inner loops are straight-line over contiguous words and vectorize.
  std::uint64_t m = 0x00000000FFFFFFFFull;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
    for (int base = 0; base < 64; base += 2 * j) {
      for (int k = base; k < base + j; ++k) {
        const std::uint64_t t = ((a[k] >> j) ^ a[k + j]) & m;
        a[k + j] ^= t;
        a[k] ^= t << j;
      }
    }
  }
}

void transpose64_reference(std::uint64_t* a) {
  std::uint64_t out[64] = {};
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j) out[j] |= ((a[i] >> j) & 1u) << i;
  for (int i = 0; i < 64; ++i) a[i] = out[i];
}

std::uint64_t xor_all(std::span<const std::uint64_t> words) {
  std::uint64_t acc[4] = {};
  std::size_t i = 0;
  for (; i + 4 <= words.size(); i += 4)
    for (int l = 0; l < 4; ++l) acc[l] ^= words[i + l];
  for (; i < words.size(); ++i) acc[0] ^= words[i];
  return acc[0] ^ acc[1] ^ acc[2] ^ acc[3];
}

std::uint64_t hamming_fold(const std::uint64_t* slots, int r, std::uint64_t* syn,
                           std::uint64_t* scratch) {
  // Folding on the top index bit: the upper half's XOR is that syndrome bit, and upper ^ lower
  // keeps every lower bit's membership, so each level halves the array: ~2 * 2^r XORs in all
  // instead of r/2 per slot.
  if (r == 0) return slots[0];
  std::size_t half = std::size_t{1} << (r - 1);
  std::uint64_t top = 0;
  for (std::size_t y = 0; y < half; ++y) {
    const std::uint64_t u = slots[y + half];
    top ^= u;
    scratch[y] = slots[y] ^ u;
  }
  syn[r - 1] = top;
  for (int bit = r - 2; bit >= 0; --bit) {
    half >>= 1;
    std::uint64_t s = 0;
    for (std::size_t y = 0; y < half; ++y) {
      const std::uint64_t u = scratch[y + half];
      s ^= u;
      scratch[y] ^= u;
    }
    syn[bit] = s;
  }
  return scratch[0];
}

std::uint64_t hamming_fold_reference(const std::uint64_t* slots, int r, std::uint64_t* syn) {
  std::uint64_t all = 0;
  for (int i = 0; i < r; ++i) syn[i] = 0;
  for (std::size_t x = 0; x < (std::size_t{1} << r); ++x) {
    all ^= slots[x];
    for (int i = 0; i < r; ++i)
      if ((x >> i) & 1u) syn[i] ^= slots[x];
  }
  return all;
}

}  // namespace mosaic::link

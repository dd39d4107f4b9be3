#pragma once

#include <cstdint>
#include <span>

namespace mosaic::link {

// Bit-matrix kernels of the gearbox and the cross-channel ECC. Bits are LSB first: bit j of word i
// is element (i, j) of a 64x64 bit matrix. Each kernel has a plain scalar reference beside it that
// the tests compare against.

// In-place transpose of a 64x64 bit matrix: afterwards bit i of a[j] is the old bit j of a[i].
void transpose64(std::uint64_t* a);
void transpose64_reference(std::uint64_t* a);

// XOR of all words.
std::uint64_t xor_all(std::span<const std::uint64_t> words);

// 16-bit interleaved parity (BIP-16) of a run of words: bit l is the parity of every bit whose
// position within its word is l mod 16. A single flipped bit shows up in exactly one lane.
inline std::uint16_t bip16(std::uint64_t folded) {
  folded ^= folded >> 32;
  folded ^= folded >> 16;
  return static_cast<std::uint16_t>(folded);
}

// Syndromes of a Hamming code whose columns are the slot indices: slots is an array of 2^r words
// (one per column value, 0 where unused); syn[i] receives the XOR of every slot whose index has bit
// i set (i < r), and the return value is the XOR of all slots (overall parity). Bit-sliced: each
// word carries 64 independent bit times. scratch must hold 2^(r-1) words.
std::uint64_t hamming_fold(const std::uint64_t* slots, int r, std::uint64_t* syn,
                           std::uint64_t* scratch);
std::uint64_t hamming_fold_reference(const std::uint64_t* slots, int r, std::uint64_t* syn);

}  // namespace mosaic::link

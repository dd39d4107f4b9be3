#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace mosaic::link {

// Bit-matrix kernels of the gearbox and the cross-channel ECC. Bits are LSB first: bit j of word i
// is element (i, j) of a 64x64 bit matrix. Each kernel has a plain scalar reference beside it that
// the tests compare against.

// Instruction sets a kernel can run on. kAvx512 needs AVX-512 F/BW/VBMI and GFNI (e.g. Zen 4, Ice
// Lake and later); the build stays portable (no -march) and picks it at run time, so one binary
// gives identical bits everywhere, only at different speeds.
enum class KernelIsa { kPortable, kAvx512 };
// The fastest set this CPU supports (checked once).
KernelIsa best_kernel_isa();
// Whether this CPU can run kernels compiled for `isa`.
bool kernel_isa_supported(KernelIsa isa);

// Number of set bits over `words`, with the CPU's popcount instruction where it has one (the
// portable build's std::popcount is a library call per word); the same count everywhere.
std::uint64_t count_ones(std::span<const std::uint64_t> words);

// out[i] = training_word(channel, period, first_word + i) for i < count (lane_map.hpp), computed
// with the CPU's widest 64-bit multiplies: the same words everywhere.
void training_words(int channel, std::int64_t period, int first_word, std::size_t count,
                    std::uint64_t* out);

// In-place transpose of a 64x64 bit matrix: afterwards bit i of a[j] is the old bit j of a[i].
void transpose64(std::uint64_t* a);
void transpose64_reference(std::uint64_t* a);
// Transposes `blocks` consecutive 64-word matrices in place with the given instruction set (which
// must be supported).
void transpose64_blocks(std::uint64_t* a, std::size_t blocks, KernelIsa isa);

// Bit striping of one frame row over `lanes` (D) lanes: the row is a stream of 64*D host bits
// (D words, LSB first) read as 64 rows of D bits; lane d's word gets bit j = stream bit j*D + d,
// i.e. a 64 x D bit-matrix transpose.
//
// bit_stripe_row: `stream` must be readable for D + 1 words (the extra word is read, never used);
// `lanes_out` must hold bit_stripe_scratch_words(D) words: lane d's word ends up in lanes_out[d],
// the words past D are scratch.
// bit_destripe_row: the inverse. `lanes_in` holds bit_stripe_scratch_words(D) words, lane d's word
// at lanes_in[d]; it is used as scratch (overwritten). Writes exactly D words of `stream`.
std::size_t bit_stripe_scratch_words(int lanes);
void bit_stripe_row(const std::uint64_t* stream, int lanes, std::uint64_t* lanes_out,
                    KernelIsa isa);
void bit_destripe_row(std::uint64_t* lanes_in, int lanes, std::uint64_t* stream, KernelIsa isa);
// Bit-by-bit references: lanes_out / stream of exactly D words.
void bit_stripe_row_reference(const std::uint64_t* stream, int lanes, std::uint64_t* lanes_out);
void bit_destripe_row_reference(const std::uint64_t* lanes_in, int lanes, std::uint64_t* stream);

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

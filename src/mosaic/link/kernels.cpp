#include "mosaic/link/kernels.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

#include "mosaic/core/vector_level.hpp"
#include "mosaic/link/lane_map.hpp"

// The MOSAIC_TARGET_CLONES loops are plain enough for the compiler to vectorise; integer work
// only, so every clone gives the same bits.

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define MOSAIC_HAVE_AVX512_KERNELS 1
#endif

namespace mosaic::link {

namespace {

#if MOSAIC_HAVE_AVX512_KERNELS
#define MOSAIC_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi,gfni")))

// Index vectors of the 8x8 qword transpose, level s = 4, 2, 1: swapping the off-diagonal s x s
// blocks of register pairs (i, i + s). Static tables: building them on the stack per call costs a
// failed store-to-load forward (8 scalar stores read back by one zmm load) every time.
constexpr std::int64_t qword_idx(int s, bool hi, int q) {
  return hi ? ((q & s) ? 8 + q : q + s) : ((q & s) ? 8 + q - s : q);
}
alignas(64) constexpr std::int64_t kQwordIdx[3][2][8] = {
#define MOSAIC_IDX(s, hi)                                                                  \
  {                                                                                        \
    qword_idx(s, hi, 0), qword_idx(s, hi, 1), qword_idx(s, hi, 2), qword_idx(s, hi, 3),    \
        qword_idx(s, hi, 4), qword_idx(s, hi, 5), qword_idx(s, hi, 6), qword_idx(s, hi, 7) \
  }
    {MOSAIC_IDX(4, false), MOSAIC_IDX(4, true)},
    {MOSAIC_IDX(2, false), MOSAIC_IDX(2, true)},
    {MOSAIC_IDX(1, false), MOSAIC_IDX(1, true)},
#undef MOSAIC_IDX
};

// Byte permutations of the 64x64 transpose (below): kGatherIdx[8c + r] = 8(7 - r) + c collects
// byte column c of the 8 words into one qword, rows reversed; kSpreadIdx[8c + r] = 8r + c is the
// plain 8x8 byte transpose.
constexpr std::uint8_t gather_idx(int p) {
  return std::uint8_t(8 * (7 - p % 8) + p / 8);
}
constexpr std::uint8_t spread_idx(int p) {
  return std::uint8_t(8 * (p % 8) + p / 8);
}
template <std::uint8_t (*F)(int), int... P>
struct ByteTable {
  alignas(64) static constexpr std::uint8_t v[64] = {F(P)...};
};
template <std::uint8_t (*F)(int), int... P>
constexpr auto make_table(std::integer_sequence<int, P...>) {
  return ByteTable<F, P...>{};
}
constexpr auto kGatherIdx = make_table<gather_idx>(std::make_integer_sequence<int, 64>{});
constexpr auto kSpreadIdx = make_table<spread_idx>(std::make_integer_sequence<int, 64>{});

// 8x8 transpose of qwords across 8 registers (v[i] qword q <-> v[q] qword i): three butterfly
// levels of vpermt2q.
MOSAIC_AVX512 inline void transpose8x8_qwords(__m512i* v) {
  for (int level = 0; level < 3; ++level) {
    const int s = 4 >> level;
    const __m512i lo_idx = _mm512_load_si512(kQwordIdx[level][0]);
    const __m512i hi_idx = _mm512_load_si512(kQwordIdx[level][1]);
    for (int i = 0; i < 8; ++i) {
      if (i & s) continue;
      const __m512i x = v[i], y = v[i + s];
      v[i] = _mm512_permutex2var_epi64(x, lo_idx, y);
      v[i + s] = _mm512_permutex2var_epi64(x, hi_idx, y);
    }
  }
}

// 64x64 transpose in three steps on 8x8 tiles, all in registers (8 zmm = the whole matrix):
// 1. vpermb gathers each tile (8 words x one byte column) into one qword, rows in reverse order;
// 2. gf2p8affineqb with the data as the matrix and unit bytes as the operand transposes every
//    8x8 tile at once (result bit k of byte i = bit i of matrix byte 7-k, hence the reversal);
// 3. an 8x8 qword transpose across the registers (vpermt2q butterflies) and a vpermb put each
//    tile's bytes into their destination words.
// ~56 vector instructions per matrix against ~400 scalar ones for the block-swap version.
MOSAIC_AVX512 void transpose64_blocks_avx512(std::uint64_t* a, std::size_t blocks) {
  const __m512i gather = _mm512_load_si512(kGatherIdx.v);
  const __m512i spread = _mm512_load_si512(kSpreadIdx.v);
  const __m512i unit = _mm512_set1_epi64(0x8040201008040201ll);
  for (std::size_t blk = 0; blk < blocks; ++blk, a += 64) {
    __m512i v[8];
    for (int i = 0; i < 8; ++i) {
      v[i] = _mm512_maskz_permutexvar_epi8(~__mmask64{0}, gather, _mm512_loadu_si512(a + 8 * i));
      v[i] = _mm512_gf2p8affine_epi64_epi8(unit, v[i], 0);
    }
    transpose8x8_qwords(v);
    for (int i = 0; i < 8; ++i)
      _mm512_storeu_si512(a + 8 * i, _mm512_maskz_permutexvar_epi8(~__mmask64{0}, spread, v[i]));
  }
}

// Bytes of stream row j (D/8 bytes, D % 8 == 0) from byte 64g on, at most 64.
inline __mmask64 row_mask(std::size_t row_bytes, std::size_t g) {
  const std::size_t n = row_bytes - 64 * g;
  return n >= 64 ? ~__mmask64{0} : (__mmask64{1} << n) - 1;
}

// Byte-aligned rows with AVX-512: word j of blocks 8g..8g+7 is one 64-byte stretch of stream row
// j, so whole rows are moved with (masked) zmm loads/stores and regrouped by 8x8 qword transposes
// in registers, instead of 8-byte accesses of which one side is strided (strided 8-byte stores do
// not coalesce and were the bottleneck).
MOSAIC_AVX512 void bit_stripe_row_avx512(const std::uint64_t* stream, int lanes,
                                         std::uint64_t* lanes_out) {
  const int nb = (lanes + 63) / 64;
  const std::size_t row_bytes = std::size_t(lanes) / 8;
  const auto* bytes = reinterpret_cast<const unsigned char*>(stream);
  for (int g = 0; 8 * g < nb; ++g) {
    const __mmask64 mask = row_mask(row_bytes, g);
    const int blocks = std::min(8, nb - 8 * g);
    for (int i = 0; i < 8; ++i) {
      __m512i v[8];
      for (int r = 0; r < 8; ++r)
        v[r] = _mm512_maskz_loadu_epi8(mask, bytes + (8 * i + r) * row_bytes + 64 * g);
      transpose8x8_qwords(v);
      for (int b = 0; b < blocks; ++b)
        _mm512_storeu_si512(lanes_out + 64 * (8 * g + b) + 8 * i, v[b]);
    }
  }
  transpose64_blocks_avx512(lanes_out, nb);
}

MOSAIC_AVX512 void bit_destripe_row_avx512(std::uint64_t* lanes_in, int lanes,
                                           std::uint64_t* stream) {
  const int nb = (lanes + 63) / 64;
  const std::size_t row_bytes = std::size_t(lanes) / 8;
  auto* bytes = reinterpret_cast<unsigned char*>(stream);
  transpose64_blocks_avx512(lanes_in, nb);
  for (int g = 0; 8 * g < nb; ++g) {
    const __mmask64 mask = row_mask(row_bytes, g);
    const int blocks = std::min(8, nb - 8 * g);
    for (int i = 0; i < 8; ++i) {
      __m512i v[8];
      for (int b = 0; b < 8; ++b)
        v[b] = b < blocks ? _mm512_loadu_si512(lanes_in + 64 * (8 * g + b) + 8 * i)
                          : _mm512_setzero_si512();
      transpose8x8_qwords(v);
      for (int r = 0; r < 8; ++r)
        _mm512_mask_storeu_epi8(bytes + (8 * i + r) * row_bytes + 64 * g, mask, v[r]);
    }
  }
}
#endif

KernelIsa detect_isa() {
#if MOSAIC_HAVE_AVX512_KERNELS
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni"))
    return KernelIsa::kAvx512;
#endif
  return KernelIsa::kPortable;
}

#if defined(__x86_64__)
__attribute__((target("popcnt"))) std::uint64_t count_ones_popcnt(const std::uint64_t* w,
                                                                  std::size_t n) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) total += std::uint64_t(__builtin_popcountll(w[i]));
  return total;
}

bool have_popcnt() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("popcnt");
}
#endif

}  // namespace

std::uint64_t count_ones(std::span<const std::uint64_t> words) {
#if defined(__x86_64__)
  static const bool hardware = have_popcnt();
  if (hardware) return count_ones_popcnt(words.data(), words.size());
#endif
  std::uint64_t total = 0;
  for (const std::uint64_t w : words) total += std::uint64_t(std::popcount(w));
  return total;
}

MOSAIC_TARGET_CLONES
void training_words(int channel, std::int64_t period, int first_word, std::size_t count,
                    std::uint64_t* out) {
  for (std::size_t i = 0; i < count; ++i)
    out[i] = training_word(channel, period, first_word + static_cast<int>(i));
}

KernelIsa best_kernel_isa() {
  static const KernelIsa isa = detect_isa();
  return isa;
}

bool kernel_isa_supported(KernelIsa isa) {
  return isa == KernelIsa::kPortable || best_kernel_isa() == KernelIsa::kAvx512;
}

void transpose64_blocks(std::uint64_t* a, std::size_t blocks, KernelIsa isa) {
#if MOSAIC_HAVE_AVX512_KERNELS
  if (isa == KernelIsa::kAvx512) return transpose64_blocks_avx512(a, blocks);
#else
  (void)isa;
#endif
  for (std::size_t b = 0; b < blocks; ++b) transpose64(a + 64 * b);
}

std::size_t bit_stripe_scratch_words(int lanes) {
  return 64 * std::size_t((lanes + 63) / 64);
}

namespace {

// Unaligned 64-bit access through memcpy (one mov on x86; no aliasing or alignment UB).
inline std::uint64_t load_u64(const unsigned char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline void store_u64(unsigned char* p, std::uint64_t v) {
  std::memcpy(p, &v, 8);
}

}  // namespace

void bit_stripe_row(const std::uint64_t* stream, int lanes, std::uint64_t* lanes_out,
                    KernelIsa isa) {
  // Block b of the transpose takes, as its word j, the 64 stream bits at j*D + 64b (lanes
  // 64b..64b+63); the last block's bits past lane D-1 are whatever follows in the stream and only
  // reach scratch words past D. Blocks are filled one after the other so that the stores run
  // sequentially (strided 8-byte stores do not coalesce and cost ~2x).
#if MOSAIC_HAVE_AVX512_KERNELS
  if (isa == KernelIsa::kAvx512 && lanes % 8 == 0)
    return bit_stripe_row_avx512(stream, lanes, lanes_out);
#endif
  const int nb = (lanes + 63) / 64;
  if (lanes % 8 == 0) {
    // Every stream row starts on a byte: one unaligned load per word, no shifts (the common case:
    // 400 and 800 lanes).
    const auto* bytes = reinterpret_cast<const unsigned char*>(stream);
    const std::size_t row_bytes = lanes / 8;
    for (int b = 0; b < nb; ++b) {
      const unsigned char* p = bytes + 8 * b;
      std::uint64_t* o = lanes_out + 64 * b;
      for (int j = 0; j < 64; ++j) o[j] = load_u64(p + j * row_bytes);
    }
  } else {
    for (int b = 0; b < nb; ++b) {
      std::uint64_t* o = lanes_out + 64 * b;
      for (int j = 0; j < 64; ++j) {
        const std::int64_t off = std::int64_t(j) * lanes + 64 * b;
        const std::uint64_t* p = stream + (off >> 6);
        const int sh = int(off & 63);
        // (x << 1) << (63 - sh) is x << (64 - sh) without the undefined shift by 64 at sh == 0.
        o[j] = (p[0] >> sh) | ((p[1] << 1) << (63 - sh));
      }
    }
  }
  transpose64_blocks(lanes_out, nb, isa);
}

void bit_destripe_row(std::uint64_t* lanes_in, int lanes, std::uint64_t* stream, KernelIsa isa) {
  const int nb = (lanes + 63) / 64;
  const int tail = lanes - 64 * (nb - 1);  // lanes in the last block, 1..64
#if MOSAIC_HAVE_AVX512_KERNELS
  // Byte-aligned rows need no zeroed lanes: the masked row stores drop the bits past lane D-1.
  if (isa == KernelIsa::kAvx512 && lanes % 8 == 0)
    return bit_destripe_row_avx512(lanes_in, lanes, stream);
#endif
  // Zero lanes past D so the transposed words carry no bits past their block's lanes.
  for (std::size_t i = lanes; i < bit_stripe_scratch_words(lanes); ++i) lanes_in[i] = 0;
  transpose64_blocks(lanes_in, nb, isa);
  if (lanes % 8 == 0) {
    // Byte-aligned stream rows: whole 8-byte stores in increasing address order. The last
    // block's store spills its zero bytes past row j into the rows after it, which are written
    // later; only stores that would reach past the stream are cut to the row's own bytes.
    auto* bytes = reinterpret_cast<unsigned char*>(stream);
    const std::size_t row_bytes = lanes / 8;
    const std::size_t end = 8 * std::size_t(lanes);
    for (int j = 0; j < 64; ++j) {
      unsigned char* p = bytes + j * row_bytes;
      for (int b = 0; b + 1 < nb; ++b) store_u64(p + 8 * b, lanes_in[64 * b + j]);
      unsigned char* last = p + 8 * (nb - 1);
      std::uint64_t v = lanes_in[64 * (nb - 1) + j];
      if (std::size_t(last - bytes) + 8 <= end) {
        store_u64(last, v);
      } else {
        for (int i = 0; i < tail / 8; ++i, v >>= 8) last[i] = static_cast<unsigned char>(v);
      }
    }
    return;
  }
  // Otherwise the row is the chunks (j, b) in j-major order, 64 bits each except `tail` bits for
  // the last block: a sequential bit-stream append, each output word stored once (no read-
  // modify-write, no zeroing). `fill` bits are pending in `acc`.
  std::uint64_t acc = 0;
  int fill = 0;
  std::uint64_t* o = stream;
  for (int j = 0; j < 64; ++j) {
    const std::uint64_t* q = lanes_in + j;
    for (int b = 0; b + 1 < nb; ++b) {
      const std::uint64_t v = q[64 * b];
      *o++ = acc | (v << fill);
      acc = (v >> 1) >> (63 - fill);  // the bits that did not fit; 0 when fill == 0
    }
    const std::uint64_t v = q[64 * (nb - 1)];
    acc |= v << fill;
    const int f = fill + tail;
    if (f >= 64) {
      *o++ = acc;
      acc = (v >> 1) >> (63 - fill);
      fill = f - 64;
    } else {
      fill = f;
    }
  }
  // 64 * D bits are whole words: fill is back to 0 and all D words are stored.
}

void bit_stripe_row_reference(const std::uint64_t* stream, int lanes, std::uint64_t* lanes_out) {
  for (int d = 0; d < lanes; ++d) {
    std::uint64_t w = 0;
    for (int j = 0; j < 64; ++j) {
      const std::int64_t bit = std::int64_t(j) * lanes + d;
      w |= ((stream[bit >> 6] >> (bit & 63)) & 1u) << j;
    }
    lanes_out[d] = w;
  }
}

void bit_destripe_row_reference(const std::uint64_t* lanes_in, int lanes, std::uint64_t* stream) {
  for (int i = 0; i < lanes; ++i) stream[i] = 0;
  for (int d = 0; d < lanes; ++d)
    for (int j = 0; j < 64; ++j) {
      const std::int64_t bit = std::int64_t(j) * lanes + d;
      stream[bit >> 6] |= ((lanes_in[d] >> j) & 1u) << (bit & 63);
    }
}

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

MOSAIC_TARGET_CLONES
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

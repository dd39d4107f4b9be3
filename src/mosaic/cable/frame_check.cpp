#include "mosaic/cable/frame_check.hpp"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace mosaic::cable {
namespace {

constexpr std::uint32_t kPolyReflected = 0x82F63B78;

constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (kPolyReflected & (0u - (c & 1)));
    t[i] = c;
  }
  return t;
}
constexpr auto kTable = make_table();

std::uint32_t crc_table(std::span<const std::uint8_t> data) {
  std::uint32_t c = 0xFFFFFFFF;
  for (std::uint8_t b : data) c = (c >> 8) ^ kTable[(c ^ b) & 0xFF];
  return ~c;
}

#if defined(__x86_64__)
// The crc32 instruction takes 3 cycles and can start one every cycle, so one stream of it runs
// at a third of its speed. Long data goes as three interleaved streams over adjacent blocks of
// kBlock bytes, joined by the CRC's linearity: the register of A||B||C is that of A moved past
// |B| + |C| zero bytes, XOR B's (from 0) moved past |C|, XOR C's (from 0); moving a register
// past L zero bytes is linear in its bits, a XOR of four 256-entry tables, one per byte.
constexpr std::size_t kBlock = 128;
constexpr std::size_t kBlockWords = kBlock / 8;

struct ShiftTables {
  std::uint32_t by_one[4][256];  // past kBlock zero bytes
  std::uint32_t by_two[4][256];  // past 2 kBlock
};

__attribute__((target("sse4.2"))) std::uint32_t past_zeros(std::uint32_t c, std::size_t bytes) {
  std::uint64_t r = c;
  for (std::size_t i = 0; i < bytes / 8; ++i) r = _mm_crc32_u64(r, 0);
  return static_cast<std::uint32_t>(r);
}

const ShiftTables& shift_tables() {
  static const ShiftTables tables = [] {
    ShiftTables t{};
    for (int k = 0; k < 4; ++k)
      for (std::uint32_t b = 0; b < 256; ++b) {
        t.by_one[k][b] = past_zeros(b << (8 * k), kBlock);
        t.by_two[k][b] = past_zeros(b << (8 * k), 2 * kBlock);
      }
    return t;
  }();
  return tables;
}

std::uint32_t shifted(const std::uint32_t (&table)[4][256], std::uint32_t c) {
  return table[0][c & 0xFF] ^ table[1][(c >> 8) & 0xFF] ^ table[2][(c >> 16) & 0xFF] ^
         table[3][c >> 24];
}

__attribute__((target("sse4.2"))) std::uint32_t crc_sse42(std::span<const std::uint8_t> data) {
  std::uint64_t c = 0xFFFFFFFF;
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  if (n >= 3 * kBlock) {
    const ShiftTables& t = shift_tables();
    for (; n >= 3 * kBlock; n -= 3 * kBlock, p += 3 * kBlock) {
      std::uint64_t c1 = 0, c2 = 0;
      for (std::size_t i = 0; i < kBlockWords; ++i) {
        std::uint64_t a, b, d;
        std::memcpy(&a, p + 8 * i, 8);
        std::memcpy(&b, p + kBlock + 8 * i, 8);
        std::memcpy(&d, p + 2 * kBlock + 8 * i, 8);
        c = _mm_crc32_u64(c, a);
        c1 = _mm_crc32_u64(c1, b);
        c2 = _mm_crc32_u64(c2, d);
      }
      c = shifted(t.by_two, static_cast<std::uint32_t>(c)) ^
          shifted(t.by_one, static_cast<std::uint32_t>(c1)) ^ static_cast<std::uint32_t>(c2);
    }
  }
  for (; n >= 8; n -= 8, p += 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    c = _mm_crc32_u64(c, v);
  }
  auto c32 = static_cast<std::uint32_t>(c);
  for (; n > 0; --n, ++p) c32 = _mm_crc32_u8(c32, *p);
  return ~c32;
}
const bool kHaveSse42 = __builtin_cpu_supports("sse4.2");
#endif

}  // namespace

std::uint32_t frame_crc(std::span<const std::uint8_t> frame) {
#if defined(__x86_64__)
  if (kHaveSse42) return crc_sse42(frame);
#endif
  return crc_table(frame);
}

std::uint32_t frame_crc_reference(std::span<const std::uint8_t> frame) {
  std::uint32_t c = 0xFFFFFFFF;
  for (std::uint8_t b : frame) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ kPolyReflected : c >> 1;
  }
  return ~c;
}

}  // namespace mosaic::cable

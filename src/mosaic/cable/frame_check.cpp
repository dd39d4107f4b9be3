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
__attribute__((target("sse4.2"))) std::uint32_t crc_sse42(std::span<const std::uint8_t> data) {
  std::uint64_t c = 0xFFFFFFFF;
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
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

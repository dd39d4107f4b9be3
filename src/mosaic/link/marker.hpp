#pragma once

#include <cstdint>
#include <optional>

namespace mosaic::link {

// The 64-bit alignment marker that opens every marker period on every channel (data, ECC and
// spare alike). Layout, LSB first:
//   bits  0-11  sync pattern kSync (finds the marker in the bit stream)
//   bits 12-23  physical channel identity (lets the receiver reorder permuted channels)
//   bits 24-35  sequence number = marker period count mod 4096 (lets it deskew and check lock)
//   bits 36-47  management word: one third of the current in-band management message
//   bits 48-63  BIP-16 of this channel's payload in the previous marker period
// A marker carries no CRC of its own: lock needs the sync pattern, a consistent identity and the
// expected sequence number in two consecutive markers, and the management message is voted across
// channels.
struct AlignmentMarker {
  static constexpr std::uint64_t kSync = 0xC35;
  static constexpr int kBits = 64;
  static constexpr std::uint32_t kSeqModulo = 4096;
  static constexpr std::uint16_t kIdleManagement = 0xFFF;

  std::uint16_t channel = 0;  // 0..4095
  std::uint16_t sequence = 0;
  std::uint16_t management = kIdleManagement;
  std::uint16_t bip = 0;

  std::uint64_t pack() const {
    return kSync | (std::uint64_t{channel} & 0xFFF) << 12 |
           (std::uint64_t{sequence} & 0xFFF) << 24 | (std::uint64_t{management} & 0xFFF) << 36 |
           std::uint64_t{bip} << 48;
  }
  // The marker in a 64-bit word, or nothing when the sync pattern is absent.
  static std::optional<AlignmentMarker> unpack(std::uint64_t w) {
    if ((w & 0xFFF) != kSync) return std::nullopt;
    AlignmentMarker m;
    m.channel = static_cast<std::uint16_t>((w >> 12) & 0xFFF);
    m.sequence = static_cast<std::uint16_t>((w >> 24) & 0xFFF);
    m.management = static_cast<std::uint16_t>((w >> 36) & 0xFFF);
    m.bip = static_cast<std::uint16_t>(w >> 48);
    return m;
  }
};

// In-band management message: "lane `slot` moves to physical channel `spare` at the marker period
// whose sequence number is `boundary`". 36 bits, sent as three 12-bit words; channel c carries word
// c mod 3 in its marker, and the receiving end takes a majority vote per word over all channels,
// so dead or noisy channels cannot corrupt it.
struct SwapMessage {
  std::uint16_t slot = 0;  // < 4095 (4095 = idle)
  std::uint16_t spare = 0;
  std::uint16_t boundary = 0;  // sequence number (mod 4096) of the switch-over period

  std::uint16_t word(int part) const { return part == 0 ? slot : part == 1 ? spare : boundary; }
  friend bool operator==(const SwapMessage&, const SwapMessage&) = default;
};

}  // namespace mosaic::link

#pragma once

#include <cstdint>
#include <span>

namespace mosaic::cable {

// CRC-32C (Castagnoli, reflected, init and final XOR 0xFFFFFFFF; the frame check of iSCSI and
// SCTP) of one frame. Chosen over the Ethernet FCS polynomial because x86-64 computes it in
// hardware (SSE4.2 crc32, picked at run time), far faster than zlib's table-driven crc32, with
// a Hamming distance at least the Ethernet polynomial's at every frame length.
std::uint32_t frame_crc(std::span<const std::uint8_t> frame);
// The same by the bitwise definition, for tests.
std::uint32_t frame_crc_reference(std::span<const std::uint8_t> frame);

}  // namespace mosaic::cable

#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/link/link_config.hpp"

namespace mosaic::link {

// Transmit and receive gearbox: deals one marker period of host bits onto the data slots of the
// time-major frame and back. Host bits are 64-bit words, LSB first, host_words_per_period() of
// them per period; frame row k holds bit times 64k..64k+63 of every lane.
//
// Both modes give frame row k exactly host words [k*D, (k+1)*D) (D = data lanes), so a row is a
// contiguous stretch of the host stream:
//   kWord: host word k*D + d goes whole to data lane d.
//   kBit:  bit time j of row k carries host bits (k*D*64 + j*D + d) on lane d: a 64 x D bit-matrix
//          transpose, done as ceil(D/64) 64x64 kernel transposes per row.
class Gearbox {
 public:
  explicit Gearbox(const LinkConfig& config);

  // Writes the data slots of the frame (payload_words() rows); other slots are left untouched.
  void stripe(std::span<const std::uint64_t> host, std::span<std::uint64_t> frame);
  // Inverse of stripe: reads the data slots, writes every host word of the period.
  void destripe(std::span<const std::uint64_t> frame, std::span<std::uint64_t> host);

 private:
  const LinkConfig* config_;
  std::vector<std::uint64_t> block_;  // 64 words for the kernel transposes
};

}  // namespace mosaic::link

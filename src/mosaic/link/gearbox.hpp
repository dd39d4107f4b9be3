#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/link/kernels.hpp"
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
//          transpose per row (kernels.hpp: bit_stripe_row / bit_destripe_row, ceil(D/64) 64x64
//          transposes on the fastest instruction set the CPU has).
class Gearbox {
 public:
  explicit Gearbox(const LinkConfig& config);

  // Writes the data slots of the frame (payload_words() rows); other slots are left untouched.
  void stripe(std::span<const std::uint64_t> host, std::span<std::uint64_t> frame);
  // Inverse of stripe: reads the data slots, writes every host word of the period.
  void destripe(std::span<const std::uint64_t> frame, std::span<std::uint64_t> host);
  // The same for frame row k alone (host holds the whole period: the bit kernel reads one word
  // past a row's own). The link's ends work row by row; the whole-period forms above are these
  // in a loop, for the tests.
  void stripe_row(std::span<const std::uint64_t> host, int k, std::uint64_t* row);
  void destripe_row(const std::uint64_t* row, int k, std::span<std::uint64_t> host);

 private:
  // Lanes [lane, lane + count) sit in slots [slot, slot + count): with one SECDED group the data
  // slots are long runs between the check lanes (8 runs for 400 lanes), so rows are moved with
  // a few block copies instead of one indexed access per lane.
  struct Run {
    int lane, slot, count;
  };
  void to_slots(const std::uint64_t* lanes, std::uint64_t* row) const;
  void from_slots(const std::uint64_t* row, std::uint64_t* lanes) const;

  const LinkConfig* config_;
  KernelIsa isa_;
  std::vector<Run> runs_;  // empty when runs would be short (several groups): indexed copy
  std::vector<std::uint64_t> lanes_;     // one row in lane order (+ transpose scratch), kBit only
  std::vector<std::uint64_t> last_row_;  // the period's last host row + 1 zero word, kBit only
};

}  // namespace mosaic::link

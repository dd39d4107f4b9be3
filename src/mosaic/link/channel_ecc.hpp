#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/link/link_config.hpp"

namespace mosaic::link {
namespace dbg { inline bool on = false; inline std::vector<std::vector<std::uint64_t>> truth(8); }

// What one decode pass found.
struct EccDecodeStats {
  std::uint64_t corrected_bits = 0;
  std::uint64_t uncorrectable_bit_times = 0;  // (row, bit, group) triples left uncorrected
  std::vector<int> uncorrectable_rows;        // frame rows holding them, ascending, unique
};

// Cross-channel extended Hamming (SECDED) code over the lanes of each group, one codeword per bit
// time, computed 64 bit times at once (bit-sliced over the time-major frame, see LinkConfig).
//
// Decoding uses erasure hints: candidates[slot] is a 16-bit mask of the BIP lanes (bit time mod 16)
// in which that slot is suspected this period (its BIP-16 disagreed there, its marker was lost, or
// it is a known failing channel: 0xFFFF). At a bit time with a non-zero syndrome the decoder looks
// for the unique set of at most three suspected slots that explains it (distance 4 makes any such
// set of <= 3 erasures unique). Without a unique explanation it falls back to plain SECDED: a
// single error is corrected, a pair made of the group's one fully erased lane and any other lane
// is corrected (one erasure plus one error is within distance 4), anything else is flagged
// uncorrectable and left alone. So a known dead channel plus one background error in the same bit
// time is still corrected, which is what keeps a 10^10-bit run at BER 1e-6 bit-exact while a
// failing channel waits for its spare.
class ChannelEcc {
 public:
  explicit ChannelEcc(const LinkConfig& config);

  // Fills the check and overall-parity slots of `rows` frame rows from their data slots.
  void encode(std::span<std::uint64_t> frame, int rows);
  // Corrects `rows` frame rows in place; adds per-slot corrected bits to corrected_per_slot.
  void decode(std::span<std::uint64_t> frame, int rows, std::span<const std::uint16_t> candidates,
              std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats);

  // Largest suspect list searched exhaustively per lane; beyond it plain SECDED is used.
  static constexpr int kMaxCandidates = 12;

 private:
  void decode_bit(std::uint64_t* row, int group, int bit, unsigned s, unsigned p,
                  const std::vector<int>& cand, int erased,
                  std::span<const std::uint16_t> candidates,
                  std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats, bool& bad);

  const LinkConfig* config_;
  std::vector<std::uint64_t> scratch_;
  std::vector<std::uint64_t> syn_;
};

}  // namespace mosaic::link

#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/link/link_config.hpp"

namespace mosaic::link {

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
// in which that slot is suspected this period. 0xFFFF marks an erased lane (a known failing
// channel, a lost marker): its bits are unknown, about half of them wrong. BIP mismatches never
// erase a lane, however many: at a background BER near the KP4 limit every channel has some. Other
// bits are "located" suspects: a BIP-16 lane that disagreed, so that slot is wrong at one or a few
// of the ~1000 bit times of that lane. Per bit time with a non-zero syndrome the decoder takes the
// most likely error pattern, provided it is the only one of its kind:
//   1. any pattern on the erased lanes plus the fewest located suspects (0..3) that explains the
//      syndrome: solved modulo the span of the erased columns, so it works for every erased set
//      whose columns are independent (always for <= 3 erased lanes, distance 4), alongside any
//      number of suspects; two explanations with the same fewest suspects are flagged;
//   2. otherwise one error on a lane that is neither erased nor suspected (plain SECDED when
//      nothing is erased; with erased lanes, the single used slot that fits), else flagged.
// A suspect is wrong at a given bit time with probability ~1e-3 and an unflagged lane at ~1e-6, so
// this order is the likelihood order; a tie within a step is flagged uncorrectable and left alone.
class ChannelEcc {
 public:
  explicit ChannelEcc(const LinkConfig& config);

  // Fills the check and overall-parity slots of `rows` frame rows from their data slots. This and
  // decode() are the whole-frame forms the tests drive; the link's ends use the row calls below.
  void encode(std::span<std::uint64_t> frame, int rows);
  // Fills the check and overall-parity slots of one frame row from its data slots.
  void encode_row(std::uint64_t* row);
  // Corrects `rows` frame rows in place; adds per-slot corrected bits to corrected_per_slot.
  void decode(std::span<std::uint64_t> frame, int rows, std::span<const std::uint16_t> candidates,
              std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats);

  // decode() in parts, for a receiver that checks each row as it arrives and corrects only those
  // with a non-zero syndrome once the period's candidates are known (the same bits and counts):
  // syndrome_words() words per row for syndromes(), which says whether any is non-zero; then
  // set_candidates() once and decode_row() on each such row, in ascending row order.
  std::size_t syndrome_words() const;
  bool syndromes(const std::uint64_t* row, std::uint64_t* syn);
  void set_candidates(std::span<const std::uint16_t> candidates);
  void decode_row(std::uint64_t* row, int k, const std::uint64_t* syn,
                  std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats);

  // Largest located-suspect list per BIP lane searched for pairs and triples; beyond it step 1
  // looks for a single suspect only.
  static constexpr int kMaxCandidates = 12;
  // Erased lanes per group the unlocated-error search (step 2) enumerates combinations of.
  static constexpr int kMaxErasedForUnlocated = 3;

 private:
  // The span of a group's erased columns (with the overall-parity bit), in echelon form, so a
  // syndrome can be reduced modulo it; `comb` records which erased lanes each row is made of.
  struct ErasedBasis {
    std::vector<int> slots;  // erased slots of the group
    std::vector<unsigned> vec, pivot;
    std::vector<std::uint32_t> comb;
    bool independent = true;
    unsigned reduce(unsigned v, std::uint32_t& used) const;
  };
  struct Suspect {
    int col;
    unsigned reduced;    // column modulo the erased span
    std::uint32_t comb;  // erased lanes taken out by that reduction
  };

  void decode_bit(std::uint64_t* row, int group, int bit, unsigned syndrome,
                  const std::vector<Suspect>& suspects, std::span<std::uint32_t> corrected_per_slot,
                  EccDecodeStats& stats, bool& bad);

  const LinkConfig* config_;
  std::vector<std::uint64_t> scratch_;
  std::vector<std::uint64_t> syn_;
  std::vector<std::uint64_t> rows_syn_;  // decode()'s syndromes of the row it is on
  std::vector<ErasedBasis> erased_;      // per group, this decode call
  std::vector<std::array<std::vector<Suspect>, 16>> suspects_;  // per group and BIP lane
};

}  // namespace mosaic::link

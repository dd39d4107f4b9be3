#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/link/link_config.hpp"

namespace mosaic::link {

// The cross-channel SECDED outcome predicted from the raw BER of every slot, per bit time.
struct EccPrediction {
  std::vector<double> lane_ber;    // post-ECC BER of each data lane (data_lanes entries)
  double corrected_bits = 0.0;     // expected corrections per bit time, all groups
  double flagged_bit_times = 0.0;  // expected uncorrectable (bit time, group) pairs per bit time
  double post_ecc_ber = 0.0;       // mean of lane_ber
};

// Model of ChannelEcc at a background BER where the BIP-16 hints no longer single out lanes (more
// than ChannelEcc::kMaxCandidates suspects per BIP lane, above ~3e-5 at 400 lanes), bit errors
// independent per slot and bit time. Per group and bit time:
//   no erased lane: one error is corrected; an even number >= 2 is flagged; three errors point at
//     a fourth column, which is flipped when it is a used slot (a silent miscorrection the host FEC
//     sees as one more error) and flagged otherwise;
//   one erased lane (`erased`, wrong half the time): resolved unless >= 2 other errors;
//   two or more: resolved only when no other lane errs (an upper bound on what is left: the
//     decoder still resolves some of those bit times from the BIP hints).
// Unused slots have BER 0. Without ECC the lanes' raw BER.
EccPrediction predict_ecc(const LinkConfig& config, std::span<const double> slot_ber,
                          std::span<const std::uint8_t> erased);

}  // namespace mosaic::link

#pragma once

#include <cstdint>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::link {

// The validated, derived shape of the bit-exact link layer, built once from a LinkSpec.
//
// Logical frame. Each marker period carries payload_words() 64-bit words per channel (64 bit times
// each). The receiver and transmitter hold one period as a time-major frame: row k (payload word
// k) has row_slots() words, one per logical slot. Slots are grouped into `groups` SECDED groups of
// 2^check_bits slots each, and within a group the slot index IS the Hamming column: slot 0 is the
// overall-parity lane, slots 1, 2, 4, ... 2^(r-1) are the check lanes, and data lanes take the
// remaining indices from 3 upward. Unused slots stay zero. This lets syndromes be computed by
// folding the row (kernels.hpp) instead of a table walk. Without ECC there is one group whose
// slots are just the data lanes.
//
// Data lane d (0..data_lanes-1, the order in which the gearbox deals host bits) lives in group
// d mod groups, so adjacent lanes are protected by different codes.
struct LinkConfig {
  int data_lanes = 0;
  int ecc_lanes = 0;          // used check lanes (groups * (check_bits + 1)), 0 without ECC
  int physical_channels = 0;  // data + ecc + spare channels of the design (all of them)
  int groups = 1;
  int check_bits = 0;  // r: Hamming check bits per group (0 without ECC)
  int slots_per_group = 0;
  int words_per_period = 0;  // marker_period_bits / 64 (the marker takes one word)
  int max_skew_bits = 0;
  Striping striping = Striping::kWord;
  int swap_window_periods = 64;
  int swap_lead_periods = 3;
  int training_periods = 32;
  double mapout_ber = 2.4e-4;
  double mapout_confidence = 0.99;  // family-wise over all channels
  double swap_ber = 1e-3;
  double swap_confidence = 0.999999;  // per lane and window
  double degraded_ber = 2.4e-4;
  HostFecCode host_fec = HostFecCode::kKp4;
  int frame_bits = 1518 * 8;
  double line_rate_gbps = 2.0;

  std::vector<int> data_slot;     // data lane -> slot
  std::vector<int> active_slots;  // every used slot (data and check), ascending
  std::vector<std::uint8_t> slot_used;

  bool has_ecc() const { return check_bits > 0; }
  int payload_words() const { return words_per_period - 1; }
  int row_slots() const { return groups * slots_per_group; }
  int active_lanes() const { return static_cast<int>(active_slots.size()); }
  std::int64_t host_words_per_period() const { return std::int64_t{data_lanes} * payload_words(); }
  std::int64_t host_bits_per_period() const { return host_words_per_period() * 64; }
  double period_s() const { return words_per_period * 64.0 / (line_rate_gbps * 1e9); }
  std::uint64_t payload_bits() const { return std::uint64_t(payload_words()) * 64; }
  // Errors over a training of `bits` bits from which a channel is mapped out: its BER is then
  // above mapout_ber with mapout_confidence, family-wise over all physical channels.
  std::uint64_t mapout_threshold(std::uint64_t bits) const;
  // Corrected errors over one swap window from which a lane is swapped (BER above swap_ber with
  // swap_confidence); the same test tells a spare that is no longer healthy.
  std::uint64_t swap_threshold() const;

  // Throws ConfigError when the spec cannot be run bit-exactly (e.g. a marker period that is not
  // a multiple of 64 bits, skew larger than the period allows, or more than 4095 channels).
  static LinkConfig from_spec(const LinkSpec& spec);
};

// Smallest r with 2^r - r - 1 >= data lanes (extended Hamming needs r + 1 check lanes).
int hamming_check_bits(int data_lanes);

}  // namespace mosaic::link

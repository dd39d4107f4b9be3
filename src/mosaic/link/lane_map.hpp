#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/link/events.hpp"
#include "mosaic/link/link_config.hpp"

namespace mosaic::link {

// Cheap deterministic pattern carried by spares and by every channel during training; both ends
// compute it from (channel, period, word) alone, so the receiver can count a spare's bit errors.
inline std::uint64_t training_word(int channel, std::int64_t period, int word) {
  std::uint64_t z = (std::uint64_t(channel) << 40) ^ (std::uint64_t(period) << 12) ^
                    std::uint64_t(word) ^ 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// What link-up training measured on one physical channel.
struct TrainingMeasurement {
  bool locked = false;
  std::uint64_t bits = 0;
  std::uint64_t errors = 0;
  int markers_lost = 0;  // closing markers missing while locked
};

// Which physical channel carries each frame slot. channel_of_slot has row_slots() entries, -1 for
// unused slots.
struct LaneMap {
  std::vector<int> channel_of_slot;
  std::vector<int> mapped_out;  // channels never used: failed training (ascending)
  std::vector<MapOutEvent> mapped_out_why;
};

// Link-up lane map. A channel fails training when it never locked, lost a marker, or its error
// count is at least config.mapout_threshold(bits) (BER above link.mapout_ber with the configured
// family-wise confidence). The active lanes take the channels that passed in channel order, so
// that the design's spare channels stay spares; the others that passed are spares.
// Channels that failed are mapped out; when too few passed, the lanes left over take failed ones
// (they are then treated as failing lanes with no spare).
LaneMap choose_lane_map(const LinkConfig& config, std::span<const TrainingMeasurement> measured);
// The identity map (slot i's lane on the i-th channel), for tests and for runs without training.
LaneMap identity_lane_map(const LinkConfig& config);

}  // namespace mosaic::link

#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/link/channel_ecc.hpp"
#include "mosaic/link/gearbox.hpp"
#include "mosaic/link/lane_map.hpp"
#include "mosaic/link/marker.hpp"

namespace mosaic::link {

// Transmit end: gearbox, cross-channel ECC, lane map onto physical channels, alignment markers,
// training pattern on spares, and the transmit half of the swap protocol.
//
// Wire format of one marker period: words_per_period() rows of physical_channels() words, row-major
// (row 0 holds every channel's marker, row k >= 1 payload word k-1). Word w of channel c carries
// that channel's bits 64w..64w+63, LSB first.
class Transmitter {
 public:
  explicit Transmitter(const LinkConfig& config);

  // Installs the link-up lane map; data periods start at the next process() call.
  void set_lane_map(const LaneMap& map);
  // One period of training pattern (with markers) on every channel; used before set_lane_map().
  void train(std::span<std::uint64_t> wire);
  // One period: host_words_per_period() host words in, one period of wire words out.
  void process(std::span<const std::uint64_t> host, std::span<std::uint64_t> wire);
  // A swap request from the far receiver (delivered over the reverse direction's markers). The
  // transmitter announces it in its own markers until the boundary, then switches.
  void receive(const SwapMessage& message);
  // No swap announced or waiting for its boundary: a period's wire depends on its host words alone.
  bool settled() const { return pending_.empty(); }
  // A settled period whose wire nobody reads: counted, not written. Until redo_previous() the
  // markers' BIP is not that of the period before.
  void skip_period() { ++period_; }
  // Writes the period skipped last after all (its host words again), for a receiver that needs
  // it. Its markers carry a stale BIP, which the receiver never reads: the BIP that checks a
  // period is in the next period's markers, and those are written after this.
  void redo_previous(std::span<const std::uint64_t> host, std::span<std::uint64_t> wire) {
    --period_;
    process(host, wire);
  }
  void reset();

  std::int64_t period() const { return period_; }
  const std::vector<int>& channel_of_slot() const { return channel_of_slot_; }

 private:
  void write_markers(std::span<std::uint64_t> wire);

  const LinkConfig* config_;
  Gearbox gearbox_;
  ChannelEcc ecc_;
  std::vector<int> idle_channels_;         // channels without a lane this period
  std::vector<std::uint64_t> idle_words_;  // their training words, channel-major
  std::vector<std::uint64_t> row_;         // the frame row being sent (its unused slots stay 0)
  std::vector<int> channel_of_slot_;
  std::vector<int> slot_of_channel_;  // -1 spare, -2 retired
  std::vector<std::uint16_t> bip_prev_;
  std::vector<std::uint64_t> bip_acc_;
  struct Pending {
    SwapMessage message;
    std::int64_t boundary;
  };
  std::vector<Pending> pending_;
  std::int64_t period_ = 0;
};

}  // namespace mosaic::link

#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <vector>

#include "mosaic/cable/host_framing.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/link/channel_model.hpp"
#include "mosaic/link/events.hpp"
#include "mosaic/link/link_config.hpp"
#include "mosaic/link/receiver.hpp"
#include "mosaic/link/transmitter.hpp"

namespace mosaic::cable {

// Counters of one direction of the cable since link-up.
struct DirectionStats {
  std::uint64_t frames_in = 0;
  std::uint64_t bytes_in = 0;
  std::uint64_t frames_rejected = 0;  // longer than the framing carries
  DecoderCounters decoder;            // frames and bytes out, drops, CRC, host FEC per codeword
  std::uint64_t periods = 0;          // marker periods run (data and idle fill)
  std::uint64_t ecc_corrected_bits = 0;
  std::uint64_t ecc_uncorrectable_bit_times = 0;
  std::uint64_t swaps = 0;
  std::uint64_t spares_exhausted = 0;
  int spares_left = 0;
  int channels_failed = 0;  // channels killed by the fault plan so far
  link::LinkState state = link::LinkState::kUp;
  link::LinkState worst_state = link::LinkState::kUp;
};

// One direction of the cable: frames -> host framing (host FEC codewords) -> Transmitter (gearbox,
// cross-channel ECC, markers) -> ChannelModel (faults) -> Receiver (deskew, ECC, spare swaps) ->
// host FEC decision -> frames. The swap requests of the receiver reach the transmitter one marker
// period later, the time the reverse direction's markers take to carry them (as in
// link::run_relay).
//
// The link advances one marker period per step(): the emulator runs periods only while frames are
// queued or in flight, so link time is the count of periods run, not wall-clock time.
class CableDirection {
 public:
  // Trains the link (link-up) with the design's training periods. `seed` keys the channel model.
  CableDirection(const LinkSpec& spec, link::FaultPlan faults, std::uint64_t seed);

  // Queues a frame for the next period; false (and counted) when its length is out of range.
  bool push(std::span<const std::uint8_t> frame, std::int64_t ingress_ns);
  // The next period has room for more queued bytes.
  bool has_room() const;
  // Record bytes queued for periods to come.
  std::size_t queued_bytes() const { return encoder_.pending_bytes(); }
  // Frames queued or in flight (steps are needed to deliver or drop them).
  bool busy() const { return !sent_log_.empty() || !encoder_.idle(); }
  // Runs one marker period; frames that come out intact go to `sink`.
  void step(const FrameSink& sink);

  // Faults from the next period on. Channel indices are physical (0..physical_channels-1); the
  // caller validates them (see check_channel and friends).
  void kill(int channel);
  void set_ber(double ber, int channel = -1);  // -1: every channel
  void set_skew(int channel, int skew_ui);

  const link::LinkConfig& config() const { return *config_; }
  const link::Receiver& receiver() const { return rx_; }
  // Physical channels carrying data and ECC lanes at link-up.
  std::vector<int> active_channels() const;
  const DirectionStats& stats() const { return stats_; }
  std::int64_t period() const { return channels_.periods_processed(); }

 private:
  double now_s() const;

  std::unique_ptr<link::LinkConfig> config_;
  link::Transmitter tx_;
  link::ChannelModel channels_;
  link::Receiver rx_;
  std::deque<SentFrame> sent_log_;
  FrameEncoder encoder_;
  FrameDecoder decoder_;
  int training_ = 0;
  std::vector<std::uint64_t> wire_tx_, wire_rx_, out_;
  std::vector<std::uint64_t> sent_[2];  // host words of the last two data periods
  struct InFlight {
    std::int64_t deliver;
    link::SwapMessage message;
  };
  std::deque<InFlight> reverse_;
  std::vector<std::uint8_t> failed_;
  DirectionStats stats_;
};

}  // namespace mosaic::cable

#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "mosaic/cable/host_framing.hpp"
#include "mosaic/cable/ingress_codel.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/link/channel_model.hpp"
#include "mosaic/link/fault_schedule.hpp"
#include "mosaic/link/session.hpp"

namespace mosaic::cable {

// Counters of one direction of the cable since link-up: the frames' own, and the link session's
// (the same SessionStats as `mosaic relay` reports: ECC, host FEC outcome, link state, events).
struct DirectionStats {
  std::uint64_t frames_in = 0;
  std::uint64_t bytes_in = 0;
  std::uint64_t frames_rejected = 0;  // longer than the framing carries
  DecoderCounters decoder;            // frames and bytes out, drops, CRC, framing
  int channels_failed = 0;            // channels killed by faults so far
  std::int64_t periods_skipped = 0;   // clean periods whose bits were not run
  std::uint64_t frames_shed = 0;      // dropped by the ingress queue's CoDel, never sent
  link::SessionStats link;
};

// One direction of the cable, a live driver of one link::Session: frames -> host framing (host
// FEC codewords, link.host_fec) -> Session (transmitter, channels, receiver, spare swaps) -> host
// FEC decision -> frames.
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
  // Runs one marker period; frames that come out intact go to `sink`. With `now_ns` (the clock
  // of the frames' ingress times), the ingress queue is managed first (IngressCodel): frames
  // that waited too long are shed, counted in frames_shed, never sent.
  // `step_ns`: what a step costs the caller however little it carries (IngressCodel::drop).
  void step(const FrameSink& sink, std::int64_t now_ns = -1, std::int64_t step_ns = 0);
  // On by default: clean periods are carried without running their bits (the same frames and
  // counters; link::Session::set_skip_clean_periods). Off: every bit through the model.
  void set_skip_clean_periods(bool on) { session_.set_skip_clean_periods(on); }
  // The ingress queue's CoDel target delay (IngressCodel); 0: unmanaged.
  void set_ingress_target_ns(std::int64_t target_ns) { codel_ = IngressCodel(target_ns); }

  // A fault from the next period on (its time_s is ignored). A death of a channel already dead
  // changes nothing. Channel indices are physical (0..physical_channels-1); the caller validates
  // them and the values (see Cable::check_against_design).
  void inject(const link::FaultEvent& event);

  const link::LinkConfig& config() const { return session_.config(); }
  const link::Session& session() const { return session_; }
  const CodewordLayout& layout() const { return encoder_.layout(); }
  // Physical channels carrying data and ECC lanes now (ascending).
  std::vector<int> active_channels() const;
  // A copy of every counter and event so far.
  DirectionStats stats() const;
  std::int64_t period() const { return session_.period(); }

 private:
  link::Session session_;
  SentLog sent_log_;
  FrameEncoder encoder_;
  IngressCodel codel_{0};  // unmanaged until set_ingress_target_ns
  FrameDecoder decoder_;
  std::vector<std::uint8_t> failed_;
  // Per host buffer of the session (data period mod 2): bytes past this are zero. The session
  // makes them zero and only the encoder writes them.
  std::size_t nonzero_end_[2] = {0, 0};
  DirectionStats stats_;  // all but the session's
};

}  // namespace mosaic::cable

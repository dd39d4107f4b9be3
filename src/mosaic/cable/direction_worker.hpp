#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "mosaic/cable/control.hpp"
#include "mosaic/cable/direction.hpp"
#include "mosaic/cable/latency_histogram.hpp"
#include "mosaic/cable/tap_offload.hpp"
#include "mosaic/link/fault_schedule.hpp"

namespace mosaic::cable {

// One direction of the cable as its threads and the control socket share it.
struct CableSide {
  std::unique_ptr<CableDirection> link;
  int in_fd = -1, out_fd = -1;
  mutable std::mutex mutex;  // guards the published copies and `requests`
  DirectionStats published;
  LatencyHistogram latency;
  std::uint64_t egress_errors = 0;
  std::uint64_t unsegmentable = 0;  // offloaded packets the cable could not cut into frames
  std::vector<ControlRequest> requests;
  std::vector<link::FaultEvent> schedule;  // this direction's, by time
  std::atomic<bool> streaming{false};      // a backlog of frames: the other end may coalesce
};

// What serves one direction: frames read from its interface, the link stepped while they are
// queued or in flight, frames written out, counters published for the control socket. Served by
// one thread at a time (Cable hands a direction between its threads).
class DirectionWorker {
 public:
  // `other`: the opposite direction (its streaming flag); `start_ns`: link-up (faults' clock).
  DirectionWorker(CableSide& side, const CableSide& other, std::int64_t start_ns);
  // Its writers hold `this`.
  DirectionWorker(const DirectionWorker&) = delete;
  DirectionWorker& operator=(const DirectionWorker&) = delete;

  // One pass: control requests and due faults applied, the interface drained into the link's
  // queue, and one marker period run if frames are queued or in flight (false: there were none).
  bool round();
  // Counters moved since they were last published.
  bool stale() const { return stale_since_ns_ >= 0; }
  void publish();
  int in_fd() const { return side_.in_fd; }

 private:
  void take(ssize_t got);

  CableSide& side_;
  const CableSide& other_;
  CableDirection& link_;
  std::int64_t start_ns_;
  // A virtio-net header and a TCP segment of up to 64 KiB (TapDevice's offloads).
  std::vector<std::uint8_t> buffer_;
  std::uint64_t unsegmentable_ = 0;
  std::vector<ControlRequest> requests_;
  std::size_t next_fault_ = 0;
  LatencyHistogram latency_;
  std::uint64_t egress_errors_ = 0;
  std::int64_t last_step_ns_ = 0;
  // The cheapest period of the last window of steps: what a period costs however little it
  // carries (a period whose bits must run costs hundreds of microseconds, a skipped one a few),
  // the floor under the ingress queue's target. Not the last period's cost: that grows with the
  // queue it would judge.
  std::int64_t step_floor_ns_ = 0, window_min_ns_ = INT64_MAX, window_end_ns_ = 0;
  std::int64_t stale_since_ns_ = -1;  // the first period run since the counters were published
  // A quarter of a period's payload queued: this direction streams.
  std::size_t streaming_bytes_;
  // Frames go out joined again where they were cut from one TCP segment (SegmentCoalescer), once
  // per step; their latency counts to that write.
  std::vector<std::int64_t> delivered_ingress_;
  SegmentCoalescer coalescer_;
  FrameSink sink_;
};

// The steady clock in nanoseconds (the frames' ingress times).
std::int64_t steady_now_ns();

}  // namespace mosaic::cable

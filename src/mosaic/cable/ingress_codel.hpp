#pragma once

#include <cstddef>
#include <cstdint>

namespace mosaic::cable {

// CoDel (RFC 8289) on the cable's ingress queue. The emulator carries far less than the line it
// models, so under a bulk TCP transfer the queue in front of it is the bottleneck's queue; left
// unmanaged it grows to whatever TCP's window allows (tens of milliseconds at a few Gb/s) and
// every frame behind it waits that long. CoDel drops at the head once the queue has stood above
// its target delay for an interval, then more often, as Linux's fq_codel does on a host's own
// interfaces, so TCP keeps the standing queue near the target.
//
// The cable asks once per step, for the oldest frame: the frames a step takes leave together, so
// the oldest has the longest wait of them.
//
// The price is TCP's throughput: each drop costs a retransmission and a smaller window; a lower
// target keeps a shorter queue for less throughput (docs/cable.md, "Performance", measures the
// trade through `mosaic cable` under iperf3; the cable's default is kDefaultIngressTargetUs).
class IngressCodel {
 public:
  // The interval is ten times the target (RFC 8289 suggests 5-10 %): for a target of 50 us,
  // 0.5 ms, a few round trips through an idle cable. A target of 0 manages nothing.
  explicit IngressCodel(std::int64_t target_ns)
      : target_ns_(target_ns),
        interval_ns_(10 * target_ns),
        now_target_ns_(target_ns_),
        now_interval_ns_(interval_ns_) {}
  bool enabled() const { return target_ns_ > 0; }

  // Whether to drop the oldest frame, which has waited `sojourn_ns` at `now_ns`, with `bytes`
  // queued in all (that frame included). After a drop, ask again for the next oldest.
  // `step_ns` is what an emulator's period costs however little it carries: frames wait for a
  // period in progress however short the queue, so the target is at least twice that (periods
  // whose bits must run, as when channels have failed, take a few hundred microseconds).
  bool drop(std::int64_t now_ns, std::int64_t sojourn_ns, std::size_t bytes,
            std::int64_t step_ns = 0);

 private:
  // The queue stood above the target for a whole interval.
  bool above_target(std::int64_t now_ns, std::int64_t sojourn_ns, std::size_t bytes);
  std::int64_t control_law(std::int64_t t) const;

  std::int64_t target_ns_;      // as configured
  std::int64_t interval_ns_;    // as configured
  std::int64_t now_target_ns_;  // this call's: at least twice the step
  std::int64_t now_interval_ns_;
  std::int64_t first_above_ns_ = 0;  // when the standing delay will have lasted an interval
  std::int64_t drop_next_ns_ = 0;
  std::uint32_t count_ = 0;  // drops in the current dropping state
  std::uint32_t last_count_ = 0;
  bool dropping_ = false;
};

}  // namespace mosaic::cable

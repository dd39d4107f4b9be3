#include "mosaic/cable/direction_worker.hpp"

#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>

namespace mosaic::cable {
namespace {

constexpr std::size_t kIngressQueueBytes = std::size_t{32} << 20;
constexpr std::int64_t kPublishEveryNs = 5'000'000;
constexpr std::int64_t kStepFloorWindowNs = 20'000'000;

}  // namespace

std::int64_t steady_now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

DirectionWorker::DirectionWorker(CableSide& side, const CableSide& other, std::int64_t start_ns)
    : side_(side),
      other_(other),
      link_(*side.link),
      start_ns_(start_ns),
      buffer_(sizeof(VnetHeader) + (1 << 17)),
      streaming_bytes_(link_.layout().payload_of(link_.config().host_words_per_period()) / 4),
      coalescer_([this](const VnetHeader& h, std::span<const std::uint8_t> packet) {
        const iovec parts[2] = {{const_cast<VnetHeader*>(&h), sizeof h},
                                {const_cast<std::uint8_t*>(packet.data()), packet.size()}};
        // A failed write: the interface is down or gone, e.g. while moving to a namespace.
        return ::writev(side_.out_fd, parts, 2) == static_cast<ssize_t>(sizeof h + packet.size());
      }),
      sink_([this](std::span<const std::uint8_t> frame, std::int64_t ingress_ns) {
        egress_errors_ += std::uint64_t(coalescer_.add(frame));
        if (ingress_ns >= 0) delivered_ingress_.push_back(ingress_ns);
      }) {}

// One packet read from the interface: its frames queued for the link.
void DirectionWorker::take(ssize_t got) {
  if (got < static_cast<ssize_t>(sizeof(VnetHeader))) return;
  VnetHeader h;
  std::memcpy(&h, buffer_.data(), sizeof h);
  const std::span packet(buffer_.data() + sizeof h, std::size_t(got) - sizeof h);
  const std::int64_t at = steady_now_ns();
  if (!frames_of_packet(h, packet, [&](std::span<const std::uint8_t> f) { link_.push(f, at); }))
    ++unsegmentable_;
}

bool DirectionWorker::round() {
  {
    std::lock_guard lock(side_.mutex);
    requests_.swap(side_.requests);
  }
  for (const auto& r : requests_) {
    using link::FaultKind;
    const FaultKind kind = r.kind == ControlRequest::Kind::kKill  ? FaultKind::kDeath
                           : r.kind == ControlRequest::Kind::kBer ? FaultKind::kBer
                                                                  : FaultKind::kSkew;
    link_.inject({0.0, kind, r.channel, r.value});
  }
  requests_.clear();
  const double t = double(steady_now_ns() - start_ns_) * 1e-9;
  while (next_fault_ < side_.schedule.size() && side_.schedule[next_fault_].time_s <= t)
    link_.inject(side_.schedule[next_fault_++]);

  // Drain the interface into the cable's own queue rather than leave frames in the kernel's
  // TAP ring, which drops whatever arrives when full (a ping among them): the emulator is far
  // slower than the line it models, so it queues; only beyond kIngressQueueBytes do frames wait
  // (and may drop) in the kernel.
  while (link_.queued_bytes() < kIngressQueueBytes) {
    const ssize_t got = ::read(side_.in_fd, buffer_.data(), buffer_.size());
    if (got <= 0) break;
    take(got);
  }
  if (!link_.busy()) {
    side_.streaming.store(false, std::memory_order_relaxed);
    return false;
  }
  // A period whose bits must run (errors drawn, a failed channel) costs about the same CPU
  // however few frames it carries; a clean one costs little more than its frames, and then the
  // wait below is one short period's time. While the other direction streams (a bulk TCP
  // transfer, whose ACKs come back here in bursts), gather for up to one period's time before
  // running a period with little in it; alone (a ping), run at once.
  if (link_.queued_bytes() < streaming_bytes_ && other_.streaming.load(std::memory_order_relaxed)) {
    const std::int64_t deadline =
        steady_now_ns() + std::min<std::int64_t>(last_step_ns_, 5'000'000);
    for (std::int64_t left; (left = deadline - steady_now_ns()) > 0;) {
      pollfd p{side_.in_fd, POLLIN, 0};
      if (::poll(&p, 1, int(left / 1'000'000) + 1) <= 0 || !(p.revents & POLLIN)) break;
      for (ssize_t got; link_.queued_bytes() < kIngressQueueBytes &&
                        (got = ::read(side_.in_fd, buffer_.data(), buffer_.size())) > 0;)
        take(got);
      if (link_.queued_bytes() >= streaming_bytes_) break;
    }
  }
  side_.streaming.store(link_.queued_bytes() >= streaming_bytes_, std::memory_order_relaxed);
  const std::int64_t t0 = steady_now_ns();
  link_.step(sink_, t0, step_floor_ns_);
  egress_errors_ += std::uint64_t(coalescer_.flush());
  const std::int64_t t1 = steady_now_ns();
  for (const std::int64_t in : delivered_ingress_) latency_.add(double(t1 - in) * 1e-3);
  delivered_ingress_.clear();
  last_step_ns_ = t1 - t0;
  window_min_ns_ = std::min(window_min_ns_, last_step_ns_);
  if (t1 >= window_end_ns_) {
    step_floor_ns_ = window_min_ns_;
    window_min_ns_ = INT64_MAX;
    window_end_ns_ = t1 + kStepFloorWindowNs;
  }
  // A copy of every counter and event is far dearer than a clean period (10-20 us): published
  // once the link has been idle a moment (by the thread serving it), and every few milliseconds
  // while it stays busy (counted from the first period it leaves unpublished: a ping does not
  // pay for it).
  if (stale_since_ns_ < 0) stale_since_ns_ = t0;
  if (t1 - stale_since_ns_ >= kPublishEveryNs) publish();
  return true;
}

void DirectionWorker::publish() {
  stale_since_ns_ = -1;
  std::lock_guard lock(side_.mutex);
  side_.published = link_.stats();
  side_.latency = latency_;
  side_.egress_errors = egress_errors_;
  side_.unsegmentable = unsegmentable_;
}

}  // namespace mosaic::cable

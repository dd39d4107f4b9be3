#include "mosaic/cable/cable.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>

#include "mosaic/cable/tap_offload.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/link/latency.hpp"
#include "mosaic/record/report_json.hpp"
#include "mosaic/record/session_json.hpp"

namespace mosaic::cable {
namespace {

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

constexpr const char* kDirectionName[2] = {"ab", "ba"};
constexpr std::size_t kIngressQueueBytes = std::size_t{32} << 20;
constexpr std::int64_t kPublishEveryNs = 5'000'000;
// A link that fell idle publishes once it has stayed idle this long: a ping's reply, on its way
// back through the other direction, then does not wait behind the copy.
constexpr int kPublishWhenIdleMs = 1;
constexpr std::int64_t kStepFloorWindowNs = 20'000'000;

}  // namespace

Cable::Cable(CableOptions options) : options_(std::move(options)) {
  const link::LinkConfig cfg = link::LinkConfig::from_spec(options_.spec);
  const int n = cfg.physical_channels;
  for (const auto& f : options_.schedule) {
    const link::FaultEvent& e = f.event;
    if (e.channel < (e.kind == link::FaultKind::kBer ? -1 : 0) || e.channel >= n)
      throw ConfigError("failures", std::to_string(e.channel),
                        "channel 0.." + std::to_string(n - 1));
    if (!(e.time_s >= 0 && e.time_s < 1e9))
      throw ConfigError("failures", std::to_string(e.time_s), "seconds >= 0");
    if (e.kind == link::FaultKind::kBer && !(e.value >= 0 && e.value <= 0.5))
      throw ConfigError("fault.ber", std::to_string(e.value), "0..0.5");
    if (e.kind == link::FaultKind::kSkew && !(e.value >= 0 && e.value <= cfg.max_skew_bits))
      throw ConfigError("skew.ui", std::to_string(e.value),
                        "0.." + std::to_string(cfg.max_skew_bits) + " (link.max_skew_ui)");
  }
  if (options_.fail_random < 0 || options_.fail_random > cfg.active_lanes())
    throw ConfigError("fail_random", std::to_string(options_.fail_random),
                      "0.." + std::to_string(cfg.active_lanes()));
  if (options_.fail_random > 0 && !(options_.fail_random_over_s > 0))
    throw ConfigError("fail_random_over_s", std::to_string(options_.fail_random_over_s),
                      "seconds > 0 (the window of fail_random)");
  if (!(options_.fail_random_start_s >= 0 && options_.fail_random_start_s < 1e9))
    throw ConfigError("fail_random_start_s", std::to_string(options_.fail_random_start_s),
                      "seconds >= 0");
  if (options_.if_a == options_.if_b)
    throw ConfigError("b", "\"" + options_.if_b + "\"", "an interface other than a");

  // Two sessions (one per direction) hold the relay's per-period buffers each: refused before
  // any interface is made when they would pass the memory budget.
  check_relay_memory(options_.spec, 2);
  // The socket before the interfaces: a path another daemon serves is refused before anything
  // is created.
  if (!options_.stats_socket.empty())
    control_ = std::make_unique<ControlServer>(options_.stats_socket);

  tap_a_ = std::make_unique<TapDevice>(options_.if_a, "a");
  tap_b_ = std::make_unique<TapDevice>(options_.if_b, "b");
  // Each direction has its own channels (its own fibre cores and emitters): own random draws.
  sides_[0].link =
      std::make_unique<CableDirection>(options_.spec, options_.faults, options_.spec.seed);
  sides_[1].link = std::make_unique<CableDirection>(options_.spec, options_.faults,
                                                    options_.spec.seed ^ 0x9E3779B97F4A7C15ull);
  for (Side& side : sides_) {
    side.link->set_skip_clean_periods(!options_.full_periods);
    // A target under half a nanosecond is still a target (CoDel's own floor, twice the
    // cheapest period, then rules), not 0, which would turn the management off.
    const double target_us = options_.ingress_target_us;
    side.link->set_ingress_target_ns(
        target_us > 0 ? std::max<std::int64_t>(1, std::llround(target_us * 1e3)) : 0);
  }
  sides_[0].in_fd = sides_[1].out_fd = tap_a_->fd();
  sides_[1].in_fd = sides_[0].out_fd = tap_b_->fd();

  std::vector<ScheduledFault> faults = options_.schedule;
  if (options_.fail_random > 0) {
    // Drawn as `mosaic relay --fail-random` draws its deaths, among the channels in service at
    // link-up, over the wall-clock window.
    random_deaths_ = link::draw_random_deaths(
        options_.spec.seed, sides_[0].link->session().channels_in_service(), options_.fail_random,
        options_.fail_random_start_s, options_.fail_random_start_s + options_.fail_random_over_s);
    for (const auto& death : random_deaths_) faults.push_back({death, true, true});
  }
  std::stable_sort(faults.begin(), faults.end(),
                   [](const auto& x, const auto& y) { return x.event.time_s < y.event.time_s; });
  for (const auto& f : faults) {
    if (f.a_to_b) sides_[0].schedule.push_back(f.event);
    if (f.b_to_a) sides_[1].schedule.push_back(f.event);
  }
}

Cable::~Cable() {
  stop();
}

double Cable::since_start_s() const {
  return double(now_ns() - start_ns_) * 1e-9;
}

void Cable::start() {
  start_ns_ = now_ns();
  cpu_at_start_s_ = cpu_seconds();
  threads_.emplace_back([this] { run_direction(0); });
  threads_.emplace_back([this] { run_direction(1); });
  if (control_)
    threads_.emplace_back([this] {
      control_->serve(stop_, [this](const std::string& line) { return handle(line); });
    });
}

void Cable::stop() {
  if (threads_.empty()) return;
  stop_ = true;
  for (auto& t : threads_) t.join();
  threads_.clear();
  stop_s_ = since_start_s();
  cpu_at_stop_s_ = cpu_seconds();
}

void Cable::run_direction(int d) {
  Side& side = sides_[d];
  CableDirection& link = *side.link;
  // A virtio-net header and a TCP segment of up to 64 KiB (TapDevice's offloads).
  std::vector<std::uint8_t> buffer(sizeof(VnetHeader) + (1 << 17));
  std::uint64_t unsegmentable = 0;
  // One packet read from the interface: its frames queued for the link.
  const auto take = [&](ssize_t got) {
    if (got < static_cast<ssize_t>(sizeof(VnetHeader))) return;
    VnetHeader h;
    std::memcpy(&h, buffer.data(), sizeof h);
    const std::span packet(buffer.data() + sizeof h, std::size_t(got) - sizeof h);
    const std::int64_t at = now_ns();
    if (!frames_of_packet(h, packet, [&](std::span<const std::uint8_t> f) { link.push(f, at); }))
      ++unsegmentable;
  };
  std::vector<ControlRequest> requests;
  std::size_t next_fault = 0;
  LatencyHistogram latency;
  std::uint64_t egress_errors = 0;
  std::int64_t last_step_ns = 0;
  // The cheapest period of the last window of steps: what a period costs however little it
  // carries (a period whose bits must run costs hundreds of microseconds, a skipped one a few),
  // the floor under the ingress queue's target. Not the last period's cost: that grows with the
  // queue it would judge.
  std::int64_t step_floor_ns = 0, window_min_ns = INT64_MAX, window_end_ns = 0;
  std::int64_t stale_since_ns = -1;  // the first period run since the counters were published
  const auto publish = [&] {
    stale_since_ns = -1;
    std::lock_guard lock(side.mutex);
    side.published = link.stats();
    side.latency = latency;
    side.egress_errors = egress_errors;
    side.unsegmentable = unsegmentable;
  };
  // A quarter of a period's payload queued: this direction streams.
  const std::size_t streaming_bytes =
      link.layout().payload_of(link.config().host_words_per_period()) / 4;
  // Frames go out joined again where they were cut from one TCP segment (SegmentCoalescer), once
  // per step; their latency counts to that write.
  std::vector<std::int64_t> delivered_ingress;
  SegmentCoalescer coalescer([&](const VnetHeader& h, std::span<const std::uint8_t> packet) {
    const iovec parts[2] = {{const_cast<VnetHeader*>(&h), sizeof h},
                            {const_cast<std::uint8_t*>(packet.data()), packet.size()}};
    // A failed write: the interface is down or gone, e.g. while moving to a namespace.
    return ::writev(side.out_fd, parts, 2) == static_cast<ssize_t>(sizeof h + packet.size());
  });
  const FrameSink sink = [&](std::span<const std::uint8_t> frame, std::int64_t ingress_ns) {
    egress_errors += std::uint64_t(coalescer.add(frame));
    if (ingress_ns >= 0) delivered_ingress.push_back(ingress_ns);
  };

  while (!stop_.load(std::memory_order_relaxed)) {
    {
      std::lock_guard lock(side.mutex);
      requests.swap(side.requests);
    }
    for (const auto& r : requests) {
      using link::FaultKind;
      const FaultKind kind = r.kind == ControlRequest::Kind::kKill  ? FaultKind::kDeath
                             : r.kind == ControlRequest::Kind::kBer ? FaultKind::kBer
                                                                    : FaultKind::kSkew;
      link.inject({0.0, kind, r.channel, r.value});
    }
    requests.clear();
    const double t = since_start_s();
    while (next_fault < side.schedule.size() && side.schedule[next_fault].time_s <= t)
      link.inject(side.schedule[next_fault++]);

    // Drain the interface into the cable's own queue rather than leave frames in the kernel's
    // TAP ring, which drops whatever arrives when full (a ping among them): the emulator is far
    // slower than the line it models, so it queues; only beyond kIngressQueueBytes do frames wait
    // (and may drop) in the kernel.
    while (link.queued_bytes() < kIngressQueueBytes) {
      const ssize_t got = ::read(side.in_fd, buffer.data(), buffer.size());
      if (got <= 0) break;
      take(got);
    }
    if (link.busy()) {
      // A period whose bits must run (errors drawn, a failed channel) costs about the same CPU
      // however few frames it carries; a clean one costs little more than its frames, and then
      // the wait below is one short period's time. While the other direction streams (a bulk
      // TCP transfer, whose ACKs come back here in bursts), gather for up to one period's time
      // before running a period with little in it; alone (a ping), run at once.
      if (link.queued_bytes() < streaming_bytes &&
          sides_[1 - d].streaming.load(std::memory_order_relaxed)) {
        const std::int64_t deadline = now_ns() + std::min<std::int64_t>(last_step_ns, 5'000'000);
        for (std::int64_t left; (left = deadline - now_ns()) > 0;) {
          pollfd p{side.in_fd, POLLIN, 0};
          if (::poll(&p, 1, int(left / 1'000'000) + 1) <= 0 || !(p.revents & POLLIN)) break;
          for (ssize_t got; link.queued_bytes() < kIngressQueueBytes &&
                            (got = ::read(side.in_fd, buffer.data(), buffer.size())) > 0;)
            take(got);
          if (link.queued_bytes() >= streaming_bytes) break;
        }
      }
      side.streaming.store(link.queued_bytes() >= streaming_bytes, std::memory_order_relaxed);
      const std::int64_t t0 = now_ns();
      link.step(sink, t0, step_floor_ns);
      egress_errors += std::uint64_t(coalescer.flush());
      const std::int64_t t1 = now_ns();
      for (const std::int64_t in : delivered_ingress) latency.add(double(t1 - in) * 1e-3);
      delivered_ingress.clear();
      last_step_ns = t1 - t0;
      window_min_ns = std::min(window_min_ns, last_step_ns);
      if (t1 >= window_end_ns) {
        step_floor_ns = window_min_ns;
        window_min_ns = INT64_MAX;
        window_end_ns = t1 + kStepFloorWindowNs;
      }
      // A copy of every counter and event is far dearer than a clean period (10-20 us): published
      // once the link has been idle a moment, and every few milliseconds while it stays busy
      // (counted from the first period it leaves unpublished: a ping does not pay for it).
      if (stale_since_ns < 0) stale_since_ns = t0;
      if (t1 - stale_since_ns >= kPublishEveryNs) publish();
      continue;
    }
    side.streaming.store(false, std::memory_order_relaxed);
    pollfd p{side.in_fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, stale_since_ns >= 0 ? kPublishWhenIdleMs : 20);
    if (ready == 0 && stale_since_ns >= 0) publish();
    if (ready > 0 && (p.revents & (POLLERR | POLLHUP | POLLNVAL)))
      ::usleep(20000);  // the interface is gone; keep serving the socket until stopped
  }
  publish();
}

std::string Cable::check_against_design(const ControlRequest& r) const {
  const link::LinkConfig& cfg = sides_[0].link->config();
  if (r.channel >= cfg.physical_channels)
    return fmt::format("invalid value for 'channel': {} (allowed: 0..{})", r.channel,
                       cfg.physical_channels - 1);
  if (r.kind == ControlRequest::Kind::kSkew && r.value > cfg.max_skew_bits)
    return fmt::format("invalid value for 'skew.ui': {} (allowed: 0..{}, link.max_skew_ui)",
                       r.value, cfg.max_skew_bits);
  return {};
}

std::string Cable::handle(const std::string& line) {
  ControlRequest r;
  if (std::string err = parse_control(line, r); !err.empty()) return "error: " + err;
  switch (r.kind) {
    case ControlRequest::Kind::kStats:
      return stats().dump();
    case ControlRequest::Kind::kSnapshot:
      return snapshot().dump();
    case ControlRequest::Kind::kHelp:
      return kControlHelp;
    case ControlRequest::Kind::kShutdown:
      shutdown_ = true;
      return "ok shutting down";
    default:
      break;
  }
  if (std::string err = check_against_design(r); !err.empty()) return "error: " + err;
  for (int d = 0; d < 2; ++d) {
    if (!(d == 0 ? r.a_to_b : r.b_to_a)) continue;
    std::lock_guard lock(sides_[d].mutex);
    sides_[d].requests.push_back(r);
  }
  const std::string where = r.a_to_b && r.b_to_a ? "both" : r.a_to_b ? "ab" : "ba";
  switch (r.kind) {
    case ControlRequest::Kind::kKill:
      return fmt::format("ok kill {} {}", r.channel, where);
    case ControlRequest::Kind::kBer:
      return r.channel < 0 ? fmt::format("ok ber {:g} {}", r.value, where)
                           : fmt::format("ok ber {:g} {} {}", r.value, r.channel, where);
    default:
      return fmt::format("ok skew {} {:g} {}", r.channel, r.value, where);
  }
}

nlohmann::json Cable::direction_json(int d, bool with_events) const {
  const Side& side = sides_[d];
  DirectionStats s;
  LatencyHistogram lat;
  std::uint64_t egress_errors, unsegmentable;
  {
    std::lock_guard lock(side.mutex);
    s = side.published;
    lat = side.latency;
    egress_errors = side.egress_errors;
    unsegmentable = side.unsegmentable;
  }
  const DecoderCounters& c = s.decoder;
  // The link's own vocabulary (the relay's), then what only frames over TAP devices have.
  nlohmann::json j = record::session_to_json(
      s.link, with_events ? record::SessionJson::kEvents : record::SessionJson::kCounters);
  j.update({
      {"frames_in", s.frames_in},
      {"bytes_in", s.bytes_in},
      {"frames_out", c.frames_delivered},
      {"bytes_out", c.bytes_delivered},
      {"frames_dropped", c.frames_dropped},
      {"frames_rejected_too_long", s.frames_rejected},
      {"frames_delivered_corrupt", c.delivered_corrupt},
      {"crc_failures", c.crc_failures},
      {"framing_errors", c.framing_errors},
      {"egress_errors", egress_errors},
      {"packets_unsegmentable", unsegmentable},
      {"channels_failed", s.channels_failed},
      {"periods_bits_skipped", s.periods_skipped},
      {"frames_shed_at_ingress", s.frames_shed},
      {"latency_us",
       {{"frames", lat.count},
        {"mean", lat.count ? lat.sum_us / double(lat.count) : 0.0},
        {"p50", lat.quantile_us(0.5)},
        {"p99", lat.quantile_us(0.99)},
        {"max", lat.max_us}}},
  });
  return j;
}

nlohmann::json Cable::stats() const {
  return {{"uptime_s", threads_.empty() ? stop_s_ : since_start_s()},
          {"directions", {{"ab", direction_json(0, false)}, {"ba", direction_json(1, false)}}}};
}

nlohmann::json Cable::snapshot() const {
  nlohmann::json j = record::header_json("cable", options_.command, options_.spec);
  j.update(summary());
  j["command"] = options_.command;
  return j;
}

nlohmann::json Cable::summary() const {
  const link::LinkConfig& cfg = sides_[0].link->config();
  const double host_bps = double(cfg.host_bits_per_period()) / cfg.period_s();
  const double period_us = cfg.period_s() * 1e6;
  const double wall = threads_.empty() ? stop_s_ : since_start_s();
  const double cpu = (threads_.empty() ? cpu_at_stop_s_ : cpu_seconds()) - cpu_at_start_s_;
  return {
      {"mosaic_version", kVersion},
      {"command", "cable"},
      {"seed", options_.spec.seed},
      {"interfaces", {{"a", options_.if_a}, {"b", options_.if_b}}},
      {"link",
       {{"data_lanes", cfg.data_lanes},
        {"ecc_lanes", cfg.ecc_lanes},
        {"physical_channels", cfg.physical_channels},
        {"spare_channels", cfg.physical_channels - cfg.active_lanes()},
        {"line_rate_gbps", cfg.line_rate_gbps},
        {"host_rate_gbps", host_bps * 1e-9},
        {"marker_period_us", period_us},
        {"max_skew_ui", cfg.max_skew_bits}}},
      {"ingress_target_us", options_.ingress_target_us},
      // What the module adds in hardware: the design's one latency model (simulate, relay and
      // compare show the same figures); what the emulator adds is measured per direction.
      {"latency", record::latency_to_json(link::link_latency(options_.spec))},
      {"wall_s", wall},
      {"cpu_s", cpu},
      {"cpu_percent", wall > 0 ? 100.0 * cpu / wall : 0.0},
      {"random_deaths", record::deaths_to_json(random_deaths_)},
      {"directions", {{"ab", direction_json(0, true)}, {"ba", direction_json(1, true)}}},
      {"assumptions",
       {"the emulated link runs one marker period per step while frames are queued or in flight; "
        "link time is periods run, faults given in wall-clock seconds apply at the next period",
        "a period in which the channels change no bit (no error drawn, no failure, burst, skew or "
        "reordering) and neither end has a state to change (every port locked, no swap under "
        "way) is the identity: its counters are kept but its bits are not run (the same frames "
        "and counters as running them; --full-periods runs them, periods_bits_skipped counts "
        "those not run)",
        "the interfaces take checksum offload and TSO as a NIC's: TCP segments of up to 64 KiB "
        "are cut into frames of the kernel's segment size, checksums completed, before the link; "
        "after it, consecutive frames of one flow whose checksums verify are joined again (as a "
        "NIC's receive offload)",
        "frames wait for the emulated link in a queue managed by CoDel (RFC 8289, target "
        "ingress_target_us, interval ten times it): the emulator carries far less than the "
        "line it models, so under a bulk transfer it is the bottleneck, and frames that stood "
        "too long are dropped at the queue's head (frames_shed_at_ingress), never sent; a real "
        "module at line rate would not queue them",
        "host FEC parity symbols are carried as zeros; the host decoder's outcome is computed on "
        "the error pattern (received XOR sent), exact for a linear code with a syndrome decoder",
        "swap requests reach the far transmitter one marker period later, as in `mosaic relay`",
        "frames_delivered_corrupt compares each delivered frame with the emulator's record of "
        "what was sent; a real receiver would only have the CRC-32"}},
  };
}

std::string Cable::progress_line() const {
  const double t = std::max(1e-9, since_start_s());
  std::string line = fmt::format("{:7.1f} s", t);
  for (int d = 0; d < 2; ++d) {
    std::lock_guard lock(sides_[d].mutex);
    const DirectionStats& s = sides_[d].published;
    line += fmt::format(" | {} {} frames {:.3f} Gb/s drop {} corrupt {} swaps {} spares {} {}",
                        kDirectionName[d], s.decoder.frames_delivered,
                        double(s.decoder.bytes_delivered) * 8e-9 / t, s.decoder.frames_dropped,
                        s.decoder.delivered_corrupt, s.link.swaps.size(), s.link.spares_left,
                        link::link_state_name(s.link.link_state));
  }
  return line;
}

}  // namespace mosaic::cable

#include "mosaic/cable/cable.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <initializer_list>

#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/link/latency.hpp"
#include "mosaic/record/report_json.hpp"
#include "mosaic/record/session_json.hpp"

namespace mosaic::cable {
namespace {

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

constexpr const char* kDirectionName[2] = {"ab", "ba"};
// A direction that fell idle publishes its counters once it has stayed idle this long: a ping's
// reply, on its way back through the other direction, then does not wait behind the copy.
constexpr int kPublishWhenIdleMs = 1;

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
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (wake_fd_ < 0)
    throw CableSystemError(std::string("cannot create the workers' eventfd: ") +
                           std::strerror(errno));
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
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

double Cable::since_start_s() const {
  return double(steady_now_ns() - start_ns_) * 1e-9;
}

void Cable::start() {
  start_ns_ = steady_now_ns();
  cpu_at_start_s_ = cpu_seconds();
  for (int d = 0; d < 2; ++d)
    workers_[d] = std::make_unique<DirectionWorker>(sides_[d], sides_[1 - d], start_ns_);
  threads_.emplace_back([this] { run_first(); });
  threads_.emplace_back([this] { run_second(); });
  if (control_)
    threads_.emplace_back([this] {
      control_->serve(stop_, [this](const std::string& line) { return handle(line); });
    });
}

void Cable::stop() {
  if (threads_.empty()) return;
  stop_ = true;
  split_.store(true);  // thread 1 out of its wait
  split_.notify_all();
  for (auto& t : threads_) t.join();
  threads_.clear();
  for (auto& w : workers_) w->publish();
  stop_s_ = since_start_s();
  cpu_at_stop_s_ = cpu_seconds();
}

namespace {

// Thread 1 hands b -> a back once both directions have idled this long.
constexpr std::int64_t kRejoinAfterNs = 50'000'000;

// Waits for the descriptors (-1: left out) up to the timeout. Returns bit k set where the k-th
// one given is readable: 0 when the timeout passed. An interface that is gone (moved between
// namespaces, deleted) is waited out, the control socket still served.
unsigned wait_readable(std::initializer_list<int> fds, int timeout_ms) {
  pollfd p[3];
  unsigned position[3];
  nfds_t n = 0;
  unsigned k = 0;
  for (const int fd : fds) {
    if (fd >= 0) {
      position[n] = k;
      p[n++] = {fd, POLLIN, 0};
    }
    ++k;
  }
  unsigned readable = 0;
  if (::poll(p, n, timeout_ms) <= 0) return readable;
  for (nfds_t i = 0; i < n; ++i) {
    if (p[i].revents & POLLIN) readable |= 1u << position[i];
    if (p[i].revents & (POLLERR | POLLHUP | POLLNVAL)) ::usleep(20000);
  }
  return readable;
}

}  // namespace

void Cable::run_first() {
  DirectionWorker& ab = *workers_[0];
  DirectionWorker& ba = *workers_[1];
  while (!stop_.load(std::memory_order_relaxed)) {
    const bool alone = split_.load(std::memory_order_acquire);
    bool worked = ab.round();
    if (!alone) {
      worked = ba.round() || worked;
      if (sides_[0].streaming.load(std::memory_order_relaxed) ||
          sides_[1].streaming.load(std::memory_order_relaxed)) {
        split_.store(true, std::memory_order_release);
        split_.notify_one();
        continue;
      }
    }
    if (worked) continue;
    const bool stale = ab.stale() || (!alone && ba.stale());
    const unsigned readable = wait_readable({ab.in_fd(), alone ? -1 : ba.in_fd(), wake_fd_},
                                            stale ? kPublishWhenIdleMs : 20);
    if (readable == 0) {
      if (ab.stale()) ab.publish();
      if (!alone && ba.stale()) ba.publish();
    }
    if (readable & 4u) {  // b -> a handed back: one read clears the eventfd's count
      std::uint64_t handed;
      if (::read(wake_fd_, &handed, sizeof handed) < 0) {
        // Non-blocking and just readable: nothing to do should another reader have taken it.
      }
    }
  }
}

void Cable::run_second() {
  DirectionWorker& ba = *workers_[1];
  while (!stop_.load(std::memory_order_relaxed)) {
    split_.wait(false, std::memory_order_acquire);
    std::int64_t idle_since = -1;
    while (!stop_.load(std::memory_order_relaxed)) {
      if (ba.round()) {
        idle_since = -1;
        continue;
      }
      const std::int64_t now = steady_now_ns();
      if (idle_since < 0) idle_since = now;
      if (now - idle_since >= kRejoinAfterNs &&
          !sides_[0].streaming.load(std::memory_order_relaxed)) {
        if (ba.stale()) ba.publish();
        split_.store(false, std::memory_order_release);
        const std::uint64_t one = 1;
        if (::write(wake_fd_, &one, sizeof one) < 0) {
          // The eventfd cannot fail short of a full counter; thread 0's poll times out anyway.
        }
        break;
      }
      if (wait_readable({ba.in_fd()}, ba.stale() ? kPublishWhenIdleMs : 20) == 0 && ba.stale())
        ba.publish();
    }
  }
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

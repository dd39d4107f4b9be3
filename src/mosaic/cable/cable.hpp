#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "mosaic/cable/control.hpp"
#include "mosaic/cable/control_server.hpp"
#include "mosaic/cable/direction.hpp"
#include "mosaic/cable/direction_worker.hpp"
#include "mosaic/cable/latency_histogram.hpp"
#include "mosaic/cable/tap_device.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/options/cable_options.hpp"
#include "mosaic/link/fault_schedule.hpp"

namespace mosaic::cable {

// A fault at a wall-clock time after link-up (event.time_s), in one direction or both. It applies
// from the next marker period run after that time.
struct ScheduledFault {
  link::FaultEvent event;
  bool a_to_b = true;
  bool b_to_a = true;
};

struct CableOptions {
  std::string if_a, if_b;
  LinkSpec spec;
  link::FaultPlan faults;  // both directions, from link-up (BER, dead pixels from --phy)
  std::vector<ScheduledFault> schedule;
  // This many channels in service die at random times in [fail_random_start_s,
  // + fail_random_over_s), in both directions (link::draw_random_deaths, as `mosaic relay`).
  int fail_random = 0;
  double fail_random_start_s = 0.0;
  double fail_random_over_s = 0.0;
  std::string stats_socket;   // empty: none
  bool full_periods = false;  // every period's bits through the model (CableDirection)
  double ingress_target_us = study::kDefaultIngressTargetUs;  // IngressCodel's target; 0: unmanaged
  std::string command;  // the command line, for the records (summary and snapshots)
};

// The cable daemon: two TAP interfaces joined through two CableDirections, served by two worker
// threads (one per direction under load, one for both when idle), an optional Unix control/stats
// socket, faults on a wall-clock schedule.
class Cable {
 public:
  // Opens the TAP interfaces and trains both directions. Throws ConfigError for bad options and
  // CableSystemError when the OS refuses an interface or the socket.
  explicit Cable(CableOptions options);
  ~Cable();
  Cable(const Cable&) = delete;
  Cable& operator=(const Cable&) = delete;

  void start();
  void stop();
  // A `shutdown` request came over the socket.
  bool shutdown_requested() const { return shutdown_.load(); }

  // Live counters (what `stats` answers).
  nlohmann::json stats() const;
  // Everything at the end: counters, swaps, latency, the hardware latency model, CPU use.
  nlohmann::json summary() const;
  // The summary so far as a whole record (header, spec, timeline, swaps): what `snapshot`
  // answers, and what `mosaic report` draws as the summary's page while the daemon runs.
  nlohmann::json snapshot() const;
  // One short line of live counters for a terminal.
  std::string progress_line() const;

 private:
  using Side = CableSide;
  // Thread 0 serves direction a -> b, and b -> a too while neither streams: a frame delivered
  // one way and the reply it brings back are then served by the thread already awake, not a
  // second one woken from sleep (on a virtual CPU that has idled, tens of microseconds). Thread
  // 1 serves b -> a alone once either direction streams, until both have idled a while.
  void run_first();
  void run_second();
  std::string handle(const std::string& line);
  std::string check_against_design(const ControlRequest& r) const;
  nlohmann::json direction_json(int d, bool with_events) const;
  double since_start_s() const;

  CableOptions options_;
  link::FaultSchedule random_deaths_;  // as drawn at start-up
  std::unique_ptr<TapDevice> tap_a_, tap_b_;
  std::array<Side, 2> sides_;
  std::array<std::unique_ptr<DirectionWorker>, 2> workers_;
  // True while thread 1 serves b -> a; thread 0 sets it, thread 1 clears it.
  std::atomic<bool> split_{false};
  int wake_fd_ = -1;  // an eventfd: thread 1 hands b -> a back to thread 0's poll
  std::unique_ptr<ControlServer> control_;  // the control socket, when asked for
  std::atomic<bool> stop_{false};
  std::atomic<bool> shutdown_{false};
  std::vector<std::thread> threads_;
  std::int64_t start_ns_ = 0;
  double stop_s_ = 0.0;
  double cpu_at_start_s_ = 0.0;
  double cpu_at_stop_s_ = 0.0;
};

}  // namespace mosaic::cable

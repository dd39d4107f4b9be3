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

// The cable daemon: two TAP interfaces joined through two CableDirections, one worker thread per
// direction, an optional Unix control/stats socket, faults on a wall-clock schedule.
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
  struct Side {
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

  void run_direction(int d);
  std::string handle(const std::string& line);
  std::string check_against_design(const ControlRequest& r) const;
  nlohmann::json direction_json(int d, bool with_events) const;
  double since_start_s() const;

  CableOptions options_;
  link::FaultSchedule random_deaths_;  // as drawn at start-up
  std::unique_ptr<TapDevice> tap_a_, tap_b_;
  std::array<Side, 2> sides_;
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

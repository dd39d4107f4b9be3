#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mosaic {

// How a rack's heat leaves it; each class has a default heat-removal capacity (rack.cooling_kw).
enum class CoolingClass { kAir, kLiquid };

template <class E>
struct EnumNames;
template <>
struct EnumNames<CoolingClass> {
  static constexpr std::array<std::pair<CoolingClass, const char*>, 2> kValues{{
      {CoolingClass::kAir, "air"},
      {CoolingClass::kLiquid, "liquid"},
  }};
};

// The whole cluster: `cluster.*` keys.
struct ClusterSection {
  bool operator==(const ClusterSection&) const = default;
  int gpus = 72;
  std::uint64_t seed = 1;           // the fleet Monte Carlo's streams
  double service_life_years = 5.0;  // horizon of the fleet Monte Carlo
  double mttr_h = 24.0;             // mean time to replace a failed cable or module
  double confidence = 0.99;         // of every Monte Carlo interval
};

// The scale-up (NVLink-like) domain and its switch fabric: `scale_up.*`. Default: NVLink 5,
// 18 links of 2 x 200G lanes per direction from each GPU, switch chips of 72 links, 2 per tray.
struct ScaleUpSpec {
  bool operator==(const ScaleUpSpec&) const = default;
  int domain_gpus = 72;
  // 0: the domain sits on one board (no cables); 1: one switch tier, every GPU to the domain's
  // chips; 2: first-tier chips in each rack (half their links down, half up) and a second tier
  // in the domain's spine racks.
  int tiers = 1;
  int links_per_gpu = 18;
  int lanes_per_link = 2;
  double lane_rate_gbps = 200.0;  // per lane and direction
  int switch_ports = 72;          // links per switch chip
  int chips_per_tray = 2;
  int spine_racks = 0;  // racks holding the second tier (tiers = 2), in the middle of the domain
  double step_latency_us = 1.0;  // one step of a collective inside the domain, cables aside

  // Bandwidth of one GPU into the domain, per direction.
  double gpu_gbps() const { return links_per_gpu * lanes_per_link * lane_rate_gbps; }
  double link_gbps() const { return lanes_per_link * lane_rate_gbps; }
};

// One rack: `rack.*`. Default: a GB200 NVL72-class liquid-cooled rack.
struct RackSpec {
  bool operator==(const RackSpec&) const = default;
  int gpus = 72;
  int gpus_per_tray = 4;
  int switch_trays = 9;  // first-tier switch trays of the scale-up fabric per compute rack
  int units = 48;        // rack units (1U = 44.45 mm)
  double compute_tray_u = 1.0;
  double switch_tray_u = 1.0;
  double reserved_u = 10.0;        // power shelves and management, half at the bottom, half on top
  double base_w_per_gpu = 1600.0;  // IT power per GPU besides cables and modules
  double switch_tray_w = 500.0;    // one scale-up switch tray, cables and modules aside
  double power_limit_kw = 132.0;   // what the rack's power feed delivers
  CoolingClass cooling = CoolingClass::kLiquid;
  std::optional<double> cooling_kw;  // heat removed per rack (default by class)

  double cooling_capacity_kw() const {
    return cooling_kw.value_or(cooling == CoolingClass::kAir ? kAirCoolingKw : kLiquidCoolingKw);
  }
  static constexpr double kAirCoolingKw = 40.0;
  static constexpr double kLiquidCoolingKw = 140.0;
};

// The floor and how cables run: `floor.*`.
struct FloorSpec {
  bool operator==(const FloorSpec&) const = default;
  int racks_per_row = 8;
  double rack_pitch_m = 0.6;       // centre to centre of neighbours in a row
  double row_pitch_m = 2.4;        // centre to centre of neighbouring rows (rack depth + aisle)
  double first_u_m = 0.1;          // height of the rack's lowest unit above the floor
  double overhead_m = 0.3;         // overhead cable tray above the rack tops
  double slack_fraction = 0.1;     // extra length on every run
  double service_loop_m = 0.15;    // loop kept at each end
  bool side_pass_through = false;  // neighbours in a row cable through their side walls
};

// The scale-out network: `scale_out.*`. A k-ary fat tree of `tiers` (2: leaf-spine), full
// bisection, `ports_per_gpu` NIC ports per GPU at `port_rate_gbps`.
struct ScaleOutSpec {
  bool operator==(const ScaleOutSpec&) const = default;
  int tiers = 0;  // 0: no scale-out network
  int radix = 64;
  double port_rate_gbps = 800.0;
  int ports_per_gpu = 1;
  // Leaves in the compute racks (top of rack), so the GPU-leaf hop can be copper; otherwise in
  // middle-of-row switch racks.
  bool copper_leaf = false;
  int switches_per_rack = 16;
  double switch_u = 2.0;
  double switch_w = 1500.0;      // one switch, modules aside
  double step_latency_us = 5.0;  // one step of a collective across the network, cables aside
};

// The job and its checkpoints: `workload.*`.
struct WorkloadSpec {
  bool operator==(const WorkloadSpec&) const = default;
  std::optional<int> job_gpus;  // none: the whole cluster
  double checkpoint_s = 30.0;   // the job's stall while a checkpoint is written
  double restart_s = 300.0;     // from an interruption to training again
  // Interruptions not caused by the network, per GPU (FIT): Llama 3's 377 non-network unplanned
  // interruptions in 54 days on 16,384 GPUs (kLlama3* below).
  double other_fit_per_gpu = llama3_other_fit_per_gpu();
  std::vector<double> message_bytes = {1048576.0, 67108864.0, 1073741824.0};
  // The collective mix of a training step, as shares of the bytes each collective moves.
  double all_reduce_share = 0.5;
  double reduce_scatter_share = 0.2;
  double all_gather_share = 0.2;
  double all_to_all_share = 0.1;
  std::vector<int> domain_sizes = {8, 72, 576};  // scale-up domains the collectives are shown for

  static constexpr double kLlama3Days = 54.0;
  static constexpr double kLlama3Gpus = 16384.0;
  static constexpr double kLlama3Interruptions = 419.0;
  static constexpr double kLlama3NetworkInterruptions = 35.0 + 7.0;  // switches/cables + NICs
  static constexpr double llama3_other_fit_per_gpu() {
    return (kLlama3Interruptions - kLlama3NetworkInterruptions) /
           (kLlama3Days * 24.0 * kLlama3Gpus) * 1e9;
  }
};

// A change to one technology's catalog figure: "TECH:FIELD=VALUE", FIELD one of w_per_end,
// link_fit, reach_m, latency_ns.
struct TechnologyAdjust {
  bool operator==(const TechnologyAdjust&) const = default;
  std::string technology;
  std::string field;
  double value = 0.0;
};

// The link technologies: `links.*`.
struct LinksSpec {
  bool operator==(const LinksSpec&) const = default;
  // The allowed set: catalog technologies (dac, acc, aec, aoc, mmf-dsp, smf-dsp, lpo, lro, cpo)
  // and "mosaic". Each cable gets the one with the fewest watts per end that reaches it.
  std::vector<std::string> technologies = {"dac"};
  double rate_gbps = 800.0;  // the rate of one cable (module): the catalog's rate class
  std::vector<TechnologyAdjust> adjust;
  std::string mosaic_preset = "800g";   // the MOSAIC design: a preset ...
  std::string mosaic_design;            // ... or a design file (read by the front end)
  std::vector<std::string> mosaic_set;  // ... with KEY=VALUE design overrides
  double reach_tolerance_m = 0.5;       // the MOSAIC reach search's resolution
  std::vector<std::string> compare = {"dac", "aec", "smf-dsp", "lpo", "cpo", "mosaic"};
};

// The fleet-wide saving: `fleet.*`.
struct FleetSavingsSpec {
  bool operator==(const FleetSavingsSpec&) const = default;
  double cables_per_year = 1e7;
  std::string baseline = "smf-dsp";          // the technology MOSAIC replaces
  std::optional<double> baseline_w_per_end;  // default: the catalog's
  std::optional<double> mosaic_w_per_end;    // default: the design's
  double home_kwh_per_year = kUsHomeKwhPerYear;
  static constexpr double kUsHomeKwhPerYear = 10715.0;
  static constexpr double kUkHomeKwhPerYear = 2700.0;
};

// A cluster as a plain aggregate; default-constructed it is the `nvl72-copper` preset. Every
// field is listed with unit, range and meaning in the schema (cluster_schema.hpp).
struct ClusterSpec {
  bool operator==(const ClusterSpec&) const = default;
  ClusterSection cluster;
  ScaleUpSpec scale_up;
  RackSpec rack;
  FloorSpec floor;
  ScaleOutSpec scale_out;
  WorkloadSpec workload;
  LinksSpec links;
  FleetSavingsSpec fleet;

  int job_gpus() const { return workload.job_gpus.value_or(cluster.gpus); }
};

}  // namespace mosaic

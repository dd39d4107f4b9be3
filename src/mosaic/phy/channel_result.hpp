#pragma once

#include <string>
#include <vector>

namespace mosaic::phy {

enum class ChannelRole { kData, kEcc, kSpare, kDead };

// One point of a bathtub: BER against sampling phase (UI, relative to the eye centre) or against
// decision threshold (A, relative to the chosen threshold).
struct BathtubPoint {
  double x;
  double log10_ber;
};

// What the statistical eye says about one channel. Upper layers (link assignment, reliability,
// sweeps, reports) read these tables, never waveforms.
struct ChannelResult {
  int index = 0;  // row-major position in the array
  int row = 0;
  int col = 0;
  ChannelRole role = ChannelRole::kSpare;
  bool dead = false;              // dead at manufacture (no light)
  double launch_power_dbm = 0.0;  // this LED's mean optical power, variation and temperature in
  double received_power_dbm = 0.0;
  double f3db_led_ghz = 0.0;  // this LED's bandwidth, variation and temperature in
  double skew_ps = 0.0;
  double crosstalk_db = 0.0;  // total leakage from the live neighbours, relative to own power
  double ctle_peaking_db = 0.0;
  double sampling_phase_ui = 0.0;  // chosen phase relative to the pulse peak
  double threshold_a = 0.0;        // chosen decision threshold (photocurrent, A)
  double log10_ber = 0.0;          // at the chosen phase and threshold; finite even below 1e-300
  double ber = 0.0;                // 10^log10_ber (0 only when that underflows a double)
  double q = 0.0;                  // Q with the same BER: BER = Q-function(q)
  double eye_height_a = 0.0;       // vertical opening at BER 2.4e-4 (photocurrent, A)
  double eye_width_ui = 0.0;       // horizontal opening at BER 2.4e-4
  double eye_height_1e12_a = 0.0;  // ... at BER 1e-12
  double eye_width_1e12_ui = 0.0;
  double signal_a = 0.0;     // main-cursor swing (photocurrent, A)
  double noise_rms_a = 0.0;  // rms receiver noise at the 0 level (A)
  std::vector<BathtubPoint> bathtub_phase;
  std::vector<BathtubPoint> bathtub_threshold;
};

// The physical picture of the whole link once roles are assigned.
struct LinkSummary {
  int channels = 0;
  int dead = 0;
  int data = 0;
  int ecc = 0;
  int spare = 0;
  int active_short = 0;     // data + ECC channels wanted but not available (too many dead pixels)
  double median_ber = 0.0;  // over active (data + ECC) channels
  double mean_ber = 0.0;
  double worst_ber = 0.0;
  double log10_median_ber = 0.0;
  double log10_mean_ber = 0.0;
  double log10_worst_ber = 0.0;
  int over_threshold = 0;  // active channels with BER above the KP4 pre-FEC threshold
  bool margin_computed = false;
  double optical_margin_db = 0.0;  // launch power that can be lost before the worst active
                                   // channel reaches the threshold (negative: already above)
  double line_rate_gbps = 0.0;
  double required_line_rate_gbps = 0.0;
  bool capacity_ok = true;  // data channels x line rate carry the host stream + markers
  double latency_ns = 0.0;
};

inline constexpr double kKp4PreFecBer = 2.4e-4;

}  // namespace mosaic::phy

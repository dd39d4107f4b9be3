#pragma once

#include <string>
#include <vector>

namespace mosaic::phy {

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
  double eye_height_a = 0.0;       // vertical opening at BER kEyeOpeningBer (photocurrent, A)
  double eye_width_ui = 0.0;       // horizontal opening at BER 2.4e-4
  double eye_height_1e12_a = 0.0;  // ... at BER 1e-12
  double eye_width_1e12_ui = 0.0;
  double signal_a = 0.0;     // main-cursor swing (photocurrent, A)
  double noise_rms_a = 0.0;  // rms receiver noise at the 0 level (A)
  std::vector<BathtubPoint> bathtub_phase;
  std::vector<BathtubPoint> bathtub_threshold;
  // log10_ber is an upper bound at a hinted phase and threshold, not the searched BER
  // (StatEyeInput::bound_first); phase and threshold are where the bound was taken.
  bool ber_is_bound = false;
};

// The BER at which eye openings are measured: the pre-FEC limit of the host FEC the channels are
// designed for (IEEE 802.3 KP4), so that "eye height" means the opening a channel has at its limit.
inline constexpr double kEyeOpeningBer = 2.4e-4;

}  // namespace mosaic::phy

#pragma once

#include "mosaic/core/design/striping.hpp"

namespace mosaic {

// Bit-exact link layer between the host lanes and the optical channels (PHYSICS.md section 6).
struct LinkLayerSpec {
  bool operator==(const LinkLayerSpec&) const = default;

  int host_lanes = 8;
  double host_lane_rate_gbps = 106.25;
  int marker_period_bits = 16384;  // per-channel bits between alignment markers (multiple of 64)
  double max_skew_ui = 64.0;       // deskew buffer depth
  int swap_threshold = 64;         // corrected errors on one channel that trigger a spare swap
  Striping striping = Striping::kWord;  // kBit is the paper's case; kWord is ~2.4x faster
  int swap_window_periods = 64;         // marker periods over which corrected errors are counted
  int swap_lead_periods = 4;  // marker periods from a swap decision to the agreed boundary
  int training_periods = 2;   // marker periods of training pattern at link-up
  int frame_bytes = 1518;     // host frame size for the frame loss ratio
};

}  // namespace mosaic

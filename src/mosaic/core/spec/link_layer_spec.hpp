#pragma once

namespace mosaic {

// Bit-exact link layer between the host lanes and the optical channels (PHYSICS.md section 6).
struct LinkLayerSpec {
  int host_lanes = 8;
  double host_lane_rate_gbps = 106.25;
  int marker_period_bits = 16384;  // per-channel bits between alignment markers
  double max_skew_ui = 64.0;       // deskew buffer depth
  int swap_threshold = 64;         // corrected errors on one channel that trigger a spare swap
};

}  // namespace mosaic

#pragma once

#include "mosaic/core/design/link_layer_host_fec.hpp"
#include "mosaic/core/design/striping.hpp"

namespace mosaic {

// Bit-exact link layer between the host lanes and the optical channels (PHYSICS.md section 6).
struct LinkLayerSpec {
  bool operator==(const LinkLayerSpec&) const = default;

  int host_lanes = 8;
  double host_lane_rate_gbps = 106.25;
  int marker_period_bits = 16384;  // per-channel bits between alignment markers (multiple of 64)
  double max_skew_ui = 64.0;       // deskew buffer depth
  Striping striping = Striping::kWord;  // kBit is the paper's case; kWord is faster
  // Link-up training: a channel is mapped out when it never locks or when its training BER is
  // above mapout_ber with mapout_confidence, family-wise over all channels (docs/link.md).
  int training_periods = 32;
  double mapout_ber = 2.4e-4;  // the KP4 pre-FEC limit every channel is designed for
  double mapout_confidence = 0.99;
  // In service a lane is swapped to a spare when it fails (markers gone) or when its corrected
  // errors over swap_window_periods put its BER above swap_ber with swap_confidence.
  double swap_ber = 1e-3;
  double swap_confidence = 0.999999;
  int swap_window_periods = 64;
  int swap_lead_periods = 3;     // marker periods from a swap decision to the agreed boundary
  double degraded_ber = 2.4e-4;  // estimated post-ECC BER above which the link is degraded
  HostFecCode host_fec = HostFecCode::kKp4;
  int frame_bytes = 1518;  // host frame size for the frame loss ratio
};

}  // namespace mosaic

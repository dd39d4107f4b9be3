#pragma once

#include <span>
#include <vector>

#include "mosaic/link/latency.hpp"

namespace mosaic::link {

// What each physical channel does once the link is up.
enum class ChannelRole { kData, kEcc, kSpare, kDead };

// The host FEC's input error limit every active channel is designed to (IEEE 802.3 KP4 FEC
// pre-correction BER); the physical link is judged against it.
inline constexpr double kKp4PreFecBer = 2.4e-4;

// The physical picture of the whole link once roles are assigned.
struct LinkSummary {
  int channels = 0;
  int dead = 0;
  int data = 0;
  int ecc = 0;
  int spare = 0;
  int spare_usable = 0;     // spares whose BER meets kKp4PreFecBer (the ones that can take over)
  int active_short = 0;     // data + ECC channels wanted but not available (too many dead pixels)
  double median_ber = 0.0;  // over active (data + ECC) channels
  double mean_ber = 0.0;
  double worst_ber = 0.0;
  double log10_median_ber = 0.0;
  double log10_mean_ber = 0.0;
  double log10_worst_ber = 0.0;
  int worst_channel = -1;  // index of the worst active channel (-1: none)
  int over_threshold = 0;  // active channels with BER above the KP4 pre-FEC threshold
  bool margin_computed = false;
  // false: no launch reaches the target (an ISI or crosstalk floor above it); no margin then.
  bool margin_reachable = true;
  double optical_margin_db = 0.0;  // launch power that can be lost before the worst active
                                   // channel reaches the threshold (negative: already above)
  double line_rate_gbps = 0.0;
  double required_line_rate_gbps = 0.0;
  bool capacity_ok = true;  // data channels x line rate carry the host stream + markers
  Latency latency;          // the link's latency model, in its parts (latency.hpp)
  double latency_ns = 0.0;  // fiber flight time (latency.fiber_ns)
  // Added by the electronics of both ends, flight excluded (latency.electronics_ns()).
  double electronics_latency_ns = 0.0;
};

// Link-up lane mapping: one role per physical channel (indexed like the array) and the summary.
struct LaneAssignment {
  std::vector<ChannelRole> roles;
  LinkSummary summary;

  bool active(int channel) const {
    const auto r = roles[static_cast<std::size_t>(channel)];
    return r == ChannelRole::kData || r == ChannelRole::kEcc;
  }
  // Indices of the data and ECC channels, in index order.
  std::vector<int> active_channels() const;
};

}  // namespace mosaic::link

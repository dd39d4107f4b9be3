#pragma once

#include <cstdint>

namespace mosaic::link {

// Typed events of a relay run (STYLE.md 13): recorded, never printed.

enum class LinkState { kUp, kDegraded, kDown };

inline const char* link_state_name(LinkState s) {
  return s == LinkState::kUp ? "up" : s == LinkState::kDegraded ? "degraded" : "down";
}

// Why a period was not `up` (bit mask): the host FEC lost codewords in it (down), or the link is
// degraded because a failing lane has no spare left, lanes are erased while they wait for one, or
// the estimated post-ECC BER is above link.degraded_ber.
enum StateReason : unsigned {
  kReasonCodewordsLost = 1u,
  kReasonNoSpare = 2u,
  kReasonErasures = 4u,
  kReasonResidualBer = 8u,
};

// Why a lane was swapped or a channel mapped out.
enum class Verdict {
  kNoLock,       // never locked at training, or lost lock
  kMarkersLost,  // alignment markers gone (dead, stuck or garbled channel)
  kBer,          // error count above the configured BER with the configured confidence
};

inline const char* verdict_name(Verdict v) {
  return v == Verdict::kNoLock ? "no_lock" : v == Verdict::kMarkersLost ? "markers_lost" : "ber";
}

// A channel left out at link-up.
struct MapOutEvent {
  int channel = 0;
  Verdict reason = Verdict::kNoLock;
  std::uint64_t bits = 0;    // training bits measured
  std::uint64_t errors = 0;  // training bit errors
};

// A logical lane moved from a failing channel to a spare. Both ends switch at the marker period
// `period` (the boundary agreed through the in-band management message).
struct SwapEvent {
  std::int64_t period = 0;
  double time_s = 0.0;
  std::int64_t decided_period = 0;  // when the receiver's error count crossed the threshold
  int lane = 0;                     // frame slot (data or check lane)
  int from_channel = 0;
  int to_channel = 0;
  std::uint32_t corrected_in_window = 0;  // corrected bits in its swap window at the decision
  Verdict reason = Verdict::kMarkersLost;
  bool acknowledged = true;  // the transmitter's announcement was heard in the markers
};

// A receiver port gained or lost marker lock (link-up, dead channel, skew step and re-lock).
struct LockEvent {
  std::int64_t period = 0;
  double time_s = 0.0;
  int port = 0;
  int channel = -1;  // physical channel identity read from the markers (-1 when lost)
  bool locked = false;
  int offset_ui = 0;  // deskew offset of the port when locked
};

// A lane failed or crossed the swap threshold but no healthy spare was left: it stays in service,
// masked by the ECC as a known erasure, and the link is degraded.
struct SpareExhaustedEvent {
  std::int64_t period = 0;
  double time_s = 0.0;
  int lane = 0;
  int channel = 0;
};

}  // namespace mosaic::link

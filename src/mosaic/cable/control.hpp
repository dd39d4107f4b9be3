#pragma once

#include <string>

namespace mosaic::cable {

// One request of the control/stats socket's line protocol (docs/cable.md):
//   stats                      counters of both directions, one JSON line
//   kill CH [ab|ba|both]       channel CH goes dark
//   ber B [CH] [ab|ba|both]    BER of every channel (or of CH) becomes B
//   skew CH UI [ab|ba|both]    channel CH's skew becomes UI unit intervals
//   help                       the list of requests
//   shutdown                   stop the cable (as SIGTERM)
// Directions: ab is interface A to B, ba the reverse, both (default) each.
struct ControlRequest {
  enum class Kind { kStats, kSnapshot, kKill, kBer, kSkew, kHelp, kShutdown } kind = Kind::kHelp;
  int channel = -1;  // -1: every channel (ber only)
  double value = 0;  // BER, or skew in UI
  bool a_to_b = true;
  bool b_to_a = true;
};

// Parses one line. Returns an empty string and fills `out`, or a one-line error naming the
// field, the value and what is allowed. Ranges that depend on the design are checked by the
// caller.
std::string parse_control(const std::string& line, ControlRequest& out);

inline constexpr const char* kControlHelp =
    "requests: stats | snapshot | kill CH [ab|ba|both] | ber B [CH] [ab|ba|both] | skew CH UI "
    "[ab|ba|both] | help | shutdown";

}  // namespace mosaic::cable

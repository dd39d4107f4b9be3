#pragma once

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::link {

// The one latency model of a link, one way, end to end, in named parts (ns), each the worst case a
// host bit meets. Every figure of latency anywhere (simulate, compare, relay, the cable's hardware
// figure, clusters) is read from here.
struct Latency {
  // The gearbox deals host bits onto channels by the striping unit (link.striping: one bit, or a
  // 64-bit word); the far gearbox hands a unit on only once all of it has arrived.
  double serializer_ns = 0.0;
  double markers_ns = 0.0;   // a host bit may wait behind one 64-bit alignment marker
  double deskew_ns = 0.0;    // the deskew buffer's depth: link.max_skew_ui
  double logic_ns = 0.0;     // gearbox, cross-channel ECC and remap pipeline of both ends
  double host_fec_ns = 0.0;  // MOSAIC relays the host's own FEC end to end: none in the module
  double fiber_ns = 0.0;     // time of flight, fiber.latency_ns_per_m x fiber.length_m

  double electronics_ns() const {
    return serializer_ns + markers_ns + deskew_ns + logic_ns + host_fec_ns;
  }
  double total_ns() const { return electronics_ns() + fiber_ns; }
};

Latency link_latency(const LinkSpec& spec);

}  // namespace mosaic::link

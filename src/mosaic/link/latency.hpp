#pragma once

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::link {

// The one latency model of a link, one way, end to end, in named parts (ns). Every figure of
// latency anywhere (simulate, compare, relay, the cable's hardware figure, clusters) is read from
// here.
struct Latency {
  double deskew_ns = 0.0;    // the deskew buffer's depth: link.max_skew_ui at the line rate
  double logic_ns = 0.0;     // gearbox, cross-channel ECC and remap pipeline of both ends
  double host_fec_ns = 0.0;  // MOSAIC relays the host's own FEC end to end: none in the module
  double fiber_ns = 0.0;     // time of flight, fiber.latency_ns_per_m x fiber.length_m

  double electronics_ns() const { return deskew_ns + logic_ns + host_fec_ns; }
  double total_ns() const { return electronics_ns() + fiber_ns; }
};

Latency link_latency(const LinkSpec& spec);

}  // namespace mosaic::link

#include "mosaic/link/latency.hpp"

namespace mosaic::link {

Latency link_latency(const LinkSpec& spec) {
  Latency l;
  // A UI at rate_gbps lasts 1 / rate_gbps ns.
  l.deskew_ns = spec.link.max_skew_ui / spec.channel.rate_gbps;
  l.logic_ns = spec.module.logic_latency_ns;
  l.fiber_ns = spec.fiber.latency_ns_per_m * spec.fiber.length_m;
  return l;
}

}  // namespace mosaic::link

#include "mosaic/link/latency.hpp"

#include "mosaic/link/marker.hpp"

namespace mosaic::link {

Latency link_latency(const LinkSpec& spec) {
  Latency l;
  // A UI at rate_gbps lasts 1 / rate_gbps ns.
  const double ui_ns = 1.0 / spec.channel.rate_gbps;
  l.serializer_ns = (spec.link.striping == Striping::kWord ? 64.0 : 1.0) * ui_ns;
  l.markers_ns = AlignmentMarker::kBits * ui_ns;
  l.deskew_ns = spec.link.max_skew_ui * ui_ns;
  l.logic_ns = spec.module.logic_latency_ns;
  l.fiber_ns = spec.fiber.latency_ns_per_m * spec.fiber.length_m;
  return l;
}

}  // namespace mosaic::link

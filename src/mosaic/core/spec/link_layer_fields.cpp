#include "mosaic/core/spec/schema.hpp"

namespace mosaic {

void add_link_layer_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  out.push_back(integer("link.host_lanes", &S::link, &LinkLayerSpec::host_lanes, 1, 64, "",
                        "Electrical host lanes relayed by the link"));
  out.push_back(real("link.host_lane_rate_gbps", &S::link, &LinkLayerSpec::host_lane_rate_gbps,
                     0.1, 1000.0, "Gb/s", "Rate of each host lane, host FEC included"));
  out.push_back(integer("link.marker_period_bits", &S::link, &LinkLayerSpec::marker_period_bits,
                        256, 1 << 24, "bits", "Channel bits between alignment markers"));
  out.push_back(real("link.max_skew_ui", &S::link, &LinkLayerSpec::max_skew_ui, 0.0, 1e6, "UI",
                     "Largest channel-to-channel skew the deskew buffer absorbs"));
  out.push_back(integer("link.swap_threshold", &S::link, &LinkLayerSpec::swap_threshold, 1,
                        1 << 30, "errors",
                        "Corrected errors on one channel that trigger a swap to a spare"));
}

}  // namespace mosaic

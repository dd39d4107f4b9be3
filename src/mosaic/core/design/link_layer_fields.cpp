#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/design/striping.hpp"

namespace mosaic {

void add_link_layer_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  out.push_back(integer("link.host_lanes", &S::link, &LinkLayerSpec::host_lanes, 1, 64, "",
                        "Electrical host lanes relayed by the link"));
  out.push_back(real("link.host_lane_rate_gbps", &S::link, &LinkLayerSpec::host_lane_rate_gbps, 0.1,
                     1000.0, "Gb/s", "Rate of each host lane, host FEC included"));
  out.push_back(integer("link.marker_period_bits", &S::link, &LinkLayerSpec::marker_period_bits,
                        256, 1 << 24, "bits",
                        "Channel bits between alignment markers (a multiple of 64 for the relay)"));
  out.push_back(real("link.max_skew_ui", &S::link, &LinkLayerSpec::max_skew_ui, 0.0, 1e6, "UI",
                     "Largest channel-to-channel skew the deskew buffer absorbs"));
  out.push_back(integer("link.swap_threshold", &S::link, &LinkLayerSpec::swap_threshold, 1, 1 << 30,
                        "errors",
                        "Corrected errors on one channel that trigger a swap to a spare"));
  out.push_back(choice("link.striping", &S::link, &LinkLayerSpec::striping,
                       "How host bits are dealt onto data channels: bit (consecutive bits to "
                       "consecutive channels) or word (64 consecutive bits to one channel)"));
  out.push_back(integer("link.swap_window_periods", &S::link, &LinkLayerSpec::swap_window_periods,
                        1, 1 << 20, "periods",
                        "Marker periods over which a channel's corrected errors are counted "
                        "against link.swap_threshold"));
  out.push_back(integer("link.swap_lead_periods", &S::link, &LinkLayerSpec::swap_lead_periods, 3,
                        4095, "periods",
                        "Marker periods from a swap decision to the boundary where both ends "
                        "switch (covers the management round trip)"));
  out.push_back(integer("link.training_periods", &S::link, &LinkLayerSpec::training_periods, 1,
                        4096, "periods",
                        "Marker periods of training pattern measured on every channel at link-up"));
  out.push_back(integer("link.frame_bytes", &S::link, &LinkLayerSpec::frame_bytes, 64, 1 << 20,
                        "bytes", "Host frame size used for the frame loss ratio"));
}

}  // namespace mosaic

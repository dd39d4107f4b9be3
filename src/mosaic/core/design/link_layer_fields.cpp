#include "mosaic/core/design/link_layer_host_fec.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/design/striping.hpp"

namespace mosaic {

void add_link_layer_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  using L = LinkLayerSpec;
  out.push_back(integer("link.host_lanes", &S::link, &L::host_lanes, 1, 64, "",
                        "Electrical host lanes relayed by the link"));
  out.push_back(real("link.host_lane_rate_gbps", &S::link, &L::host_lane_rate_gbps, 0.1, 1000.0,
                     "Gb/s", "Rate of each host lane, host FEC included"));
  out.push_back(integer("link.marker_period_bits", &S::link, &L::marker_period_bits, 256, 1 << 24,
                        "bits",
                        "Channel bits between alignment markers (a multiple of 64 for the relay)"));
  out.push_back(real("link.max_skew_ui", &S::link, &L::max_skew_ui, 0.0, 1e6, "UI",
                     "Largest channel-to-channel skew the deskew buffer absorbs"));
  out.push_back(choice("link.striping", &S::link, &L::striping,
                       "How host bits are dealt onto data channels: bit (consecutive bits to "
                       "consecutive channels) or word (64 consecutive bits to one channel)"));
  out.push_back(integer("link.training_periods", &S::link, &L::training_periods, 1, 4096, "periods",
                        "Marker periods of training pattern measured on every channel at link-up "
                        "(long enough for the link.mapout_ber decision)"));
  out.push_back(real("link.mapout_ber", &S::link, &L::mapout_ber, 1e-12, 0.5, "",
                     "A channel whose training BER is above this (with link.mapout_confidence) "
                     "is mapped out at link-up"));
  out.push_back(real("link.mapout_confidence", &S::link, &L::mapout_confidence, 0.5, 1.0 - 1e-15,
                     "",
                     "One-sided confidence of a map-out decision, family-wise over all channels "
                     "(a channel at link.mapout_ber is mapped out with at most 1 - this)"));
  out.push_back(real("link.swap_ber", &S::link, &L::swap_ber, 1e-12, 0.5, "",
                     "A lane whose BER over one swap window is above this (with "
                     "link.swap_confidence) is swapped to a spare"));
  out.push_back(real("link.swap_confidence", &S::link, &L::swap_confidence, 0.5, 1.0 - 1e-15, "",
                     "One-sided confidence of a BER-based swap decision, per lane and window"));
  out.push_back(integer("link.swap_window_periods", &S::link, &L::swap_window_periods, 1, 1 << 20,
                        "periods",
                        "Marker periods over which a lane's corrected errors are counted for the "
                        "link.swap_ber decision"));
  out.push_back(integer("link.swap_lead_periods", &S::link, &L::swap_lead_periods, 3, 4095,
                        "periods",
                        "Marker periods from a swap decision to the boundary where both ends "
                        "switch (covers the management round trip)"));
  out.push_back(real("link.degraded_ber", &S::link, &L::degraded_ber, 0.0, 0.5, "",
                     "Estimated post-ECC BER above which the link reports itself degraded"));
  out.push_back(choice("link.host_fec", &S::link, &L::host_fec,
                       "The host's FEC the relay evaluates its output against: kp4 = "
                       "RS(544,514), kr4 = RS(528,514)"));
  out.push_back(integer("link.frame_bytes", &S::link, &L::frame_bytes, 64, 1 << 20, "bytes",
                        "Host frame size used for the frame loss ratio"));
}

}  // namespace mosaic

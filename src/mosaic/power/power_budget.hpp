#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/power/channel_power.hpp"

namespace mosaic::power {

// One block of a link end's power, in watts at the wall of the module (or of the co-packaged
// engine), and the scaling law it followed.
struct PowerBlock {
  std::string name;  // "host_interface", "gearbox", "analog_frontend", "controller_dcdc", ...
  double w = 0.0;
  std::string scaling;  // human-readable law, e.g. "0.06 W + 0.4 W/(Tb/s) x 0.85 Tb/s"
};

// The paper's laser/DSP comparison module, with the same host interface as the design.
struct ReferenceModule {
  std::vector<PowerBlock> blocks;  // host_interface, dsp_cdr, optics, controller
  double per_end_w = 0.0;
};

// Power of one MOSAIC link end and of the whole link (two ends), PHYSICS.md section 7.
struct PowerBudget {
  std::vector<PowerBlock> blocks;  // host_interface, gearbox, analog_frontend, controller_dcdc
  double per_end_w = 0.0;
  double per_link_w = 0.0;         // two ends; the imaging fiber is passive
  double payload_rate_gbps = 0.0;  // Ethernet MAC rate carried (800 for 8 x 106.25 Gb/s)
  double pj_per_bit = 0.0;         // per end, per payload bit
  int powered_channels = 0;        // channels drawing analog power (data + ECC, + spares if hot)
  // power.analog_model = drive: one channel's parts, and the LED drive they were costed from.
  std::optional<ChannelPower> channel;
  std::optional<phy::LedDrive> led_drive;
  ReferenceModule reference;           // laser/DSP module, same host interface
  double saving_vs_reference = 0.0;    // fraction of the reference's per-end power saved
  double saving_vs_reference_w = 0.0;  // per end
  std::vector<std::string> assumptions;
};

// Ethernet payload rate of the host lanes: lane bits carry RS(544,514) and 256b/257b
// transcoding, so 8 x 106.25 Gb/s carries 800 Gb/s.
double payload_rate_gbps(const LinkSpec& spec);

// Evaluates the per-block scaling laws of spec.power for the spec's host lanes, channel counts
// and channel rate; the analog block by power.analog_model (per_bit: the published law; drive:
// channel_power of the LED model's nominal drive). Pure; never throws for a validated spec.
PowerBudget budget(const LinkSpec& spec);

}  // namespace mosaic::power

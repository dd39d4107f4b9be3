#include "mosaic/core/design/presets.hpp"

#include <cmath>

#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

// Alignment marker length in channel bits (identity + sequence number + framing).
constexpr double kMarkerBits = 64.0;

LinkSpec make_800g() {
  // The defaults of LinkSpec are this design, in one place (a test pins that the default line
  // rate is the one its host stream needs, rounded as the synthesizer would).
  return LinkSpec{};
}

LinkSpec make_prototype() {
  // The 10x10 lab demonstrator: discrete lenses instead of custom couplers (more loss), an
  // unrestricted launch that excites more modes (twice the modal spread), a discrete photodiode
  // and TIA (more noise), no ECC and no spares; measured at 2 Gb/s. Calibrated in
  // docs/calibration.md against the published measurements.
  LinkSpec s;
  s.array.rows = 10;
  s.array.cols = 10;
  s.array.data_channels = 100;
  s.array.ecc_channels = 0;
  s.array.spare_channels = 0;
  s.array.dead_probability = 0.0;
  s.channel.rate_gbps = 2.0;
  s.fiber.length_m = 20.0;
  s.coupling.tx_db = 6.95;
  s.coupling.rx_db = 3.0;
  s.coupling.connector_db = 1.0;
  // A 0.5 mm array imaged onto the middle of the fiber: no channel lands on its edge cores.
  s.coupling.edge_penalty_db = 0.0;
  // Error-free on the worst of 100 channels at 1.3 Gb/s, 20 m, with a median of 1e-8 at 2 Gb/s:
  // only a tight per-channel spread allows both (fitted, docs/calibration.md).
  s.coupling.sigma_db = 0.1;
  s.led.power_sigma_db = 0.1;
  s.fiber.modal_k_ps = 4.0;
  s.rx.noise_density_pa_rthz = 20.0;        // a large discrete photodiode on a lab TIA
  s.rx.bandwidth_ghz = 1.0;                 // ... whose capacitance also limits the bandwidth
  s.rx.input_stage = InputStage::kBipolar;  // a lab TIA (SiGe), not the module's CMOS receiver
  // The published BERs were measured channel by channel on lab instruments that recover each
  // channel's own clock (assumed: the paper does not describe a forwarded clock).
  s.rx.clock = ClockMode::kCdr;
  // A 198 Gb/s host stream: what 100 channels at 2 Gb/s carry once the markers are paid for.
  s.link.host_lanes = 2;
  s.link.host_lane_rate_gbps = 99.0;
  return s;
}

LinkSpec make_1p6t() {
  // Twice the channels at the same rate; two SECDED groups of 400 data channels each.
  LinkSpec s = make_800g();
  s.array.rows = 30;
  s.array.cols = 29;
  s.array.data_channels = 800;
  s.array.ecc_channels = 20;
  s.array.spare_channels = 40;
  s.link.host_lane_rate_gbps = 212.5;
  s.channel.rate_gbps = synthesizer_rate_gbps(required_line_rate_gbps(s));
  return s;
}

LinkSpec make_3p2t() {
  // 800 channels at twice the rate: faster microLEDs and receivers.
  LinkSpec s = make_1p6t();
  s.link.host_lanes = 16;
  s.led.f3db_ghz = 2.2;
  s.rx.bandwidth_ghz = 2.8;
  s.rx.ctle_pole_ghz = 5.0;
  s.rx.jitter_rms_ps = 8.0;
  s.fiber.skew_rms_ps = 10.0;
  s.channel.rate_gbps = synthesizer_rate_gbps(required_line_rate_gbps(s));
  return s;
}

constexpr PresetEntry kPresets[] = {
    {"800g", "the published 800G design: 400 data + 10 ECC + 50 spare channels, 30 m", make_800g},
    {"prototype", "the 10 x 10 lab demonstrator at 2 Gb/s, 20 m (calibration reference)",
     make_prototype},
    {"1.6t", "twice the 800G channels: two SECDED groups of 400 + 10", make_1p6t},
    {"3.2t", "the 1.6T array at twice the line rate (faster LEDs and receivers)", make_3p2t},
};

}  // namespace

std::span<const PresetEntry> presets() {
  return kPresets;
}

double synthesizer_rate_gbps(double gbps) {
  return std::ceil(gbps * 200.0 - 1e-9) / 200.0;
}

std::vector<std::string> preset_names() {
  std::vector<std::string> out;
  for (const auto& p : kPresets) out.emplace_back(p.name);
  return out;
}

std::string preset_choices() {
  std::string s = "one of";
  for (std::size_t i = 0; i < std::size(kPresets); ++i)
    s += std::string(i ? ", " : " ") + std::string(kPresets[i].name);
  return s;
}

double required_line_rate_gbps(const LinkSpec& spec) {
  const double overhead = kMarkerBits / spec.link.marker_period_bits;
  return spec.host_rate_gbps() / spec.array.data_channels / (1.0 - overhead);
}

LinkSpec preset(std::string_view name) {
  for (const auto& p : kPresets)
    if (p.name == name) return p.make();
  throw ConfigError("preset", "\"" + std::string(name) + "\"", preset_choices());
}

}  // namespace mosaic

#include "mosaic/core/design/validate.hpp"

#include <cmath>
#include <string>

#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

// The markers carry a 12-bit channel identity (all ones is reserved).
constexpr long kMaxPhysicalChannels = 4095;

void validate_array(const LinkSpec& spec) {
  const auto& a = spec.array;
  const long pixels = static_cast<long>(a.rows) * a.cols;
  if (pixels < spec.total_channels())
    throw ConfigError(
        "array.rows",
        std::to_string(a.rows) + " x " + std::to_string(a.cols) + " = " + std::to_string(pixels) +
            " pixels",
        "rows x cols >= data + ecc + spare channels = " + std::to_string(spec.total_channels()));
  if (pixels > 1000000)
    throw ConfigError("array.rows", std::to_string(pixels) + " pixels", "at most 1000000 pixels");
  if (a.ecc_channels > 0) {
    // Extended Hamming: r = ecc - 1 check bits protect up to 2^r - r - 1 data channels.
    const int r = a.ecc_channels - 1;
    const double capacity = r >= 30 ? 1e9 : std::ldexp(1.0, r) - r - 1;
    if (r < 2 || a.data_channels > capacity)
      throw ConfigError("array.ecc_channels", std::to_string(a.ecc_channels),
                        "0, or enough for an extended Hamming code over " +
                            std::to_string(a.data_channels) +
                            " data channels (2^(ecc-1) >= data + ecc)");
  }
}

void validate_link_layer(const LinkSpec& spec) {
  const auto& l = spec.link;
  if (l.marker_period_bits % 64 != 0)
    throw ConfigError("link.marker_period_bits", std::to_string(l.marker_period_bits),
                      "a multiple of 64 (markers and payload are handled as 64-bit words)");
  // Every physical channel the link layer sees: the array's pixels beyond data + ECC are spares.
  const long channels = spec.total_channels();
  if (channels > kMaxPhysicalChannels)
    throw ConfigError("array.data_channels", std::to_string(channels) + " channels",
                      "at most 4095 channels in all (data + ECC + spare; 12-bit channel "
                      "identity in the markers)");
  const int skew_bits = static_cast<int>(l.max_skew_ui + 0.5);
  if (skew_bits > l.marker_period_bits - 128)
    throw ConfigError(
        "link.max_skew_ui", std::to_string(l.max_skew_ui),
        "at most link.marker_period_bits - 128 = " + std::to_string(l.marker_period_bits - 128));
}

void validate_physics(const LinkSpec& spec, const DesignUse& use) {
  if (spec.led.model == LedModel::kRateEquation && spec.led.c_cm6_per_s == 0.0 &&
      spec.led.b_cm3_per_s == 0.0)
    throw ConfigError("led.b_cm3_per_s", "0", "> 0 for the rate-equation model");
  if (spec.led.model == LedModel::kRateEquation && spec.mc.mode == McMode::kSymbol)
    throw ConfigError("mc.mode", "\"symbol\"",
                      "waveform or importance with led.model = rate_equation",
                      "symbol-rate superposition needs a linear chain");
  if (use.monte_carlo && spec.rx.filter == FilterShape::kGaussian)
    throw ConfigError("rx.filter", "\"gaussian\"",
                      "first_order, butterworth2 or ideal with the Monte Carlo engine",
                      "a Gaussian receiver has no causal recursive form");
}

}  // namespace

void validate_design(const LinkSpec& spec, const DesignUse& use) {
  validate_array(spec);
  validate_link_layer(spec);
  validate_physics(spec, use);
}

}  // namespace mosaic

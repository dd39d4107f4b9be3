#include "mosaic/core/design/validate.hpp"

#include <cmath>
#include <numbers>
#include <sstream>
#include <string>

#include "mosaic/core/error.hpp"
#include "mosaic/core/units.hpp"

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

std::string number(double x) {
  std::ostringstream o;
  o << x;
  return o.str();
}

// The geometric fiber's keys that bind each other (fiber.model = geometric only: the fitted
// model reads none of them).
void validate_geometric_fiber(const LinkSpec& spec) {
  const auto& f = spec.fiber;
  if (f.model != FiberModelKind::kGeometric) return;
  if (f.core_pitch_um <= f.core_diameter_um)
    throw ConfigError(
        "fiber.core_pitch_um", number(f.core_pitch_um),
        "> fiber.core_diameter_um = " + number(f.core_diameter_um) + " (cores may not overlap)");
  // A / lambda^4 in dB/km, at 0.45 um, in dB/m.
  const double rayleigh_450 = f.rayleigh_db_per_km_um4 / std::pow(0.45, 4) * 1e-3;
  if (rayleigh_450 > f.attenuation_450nm_db_per_m * (1.0 + 1e-12))
    throw ConfigError("fiber.rayleigh_db_per_km_um4", number(f.rayleigh_db_per_km_um4),
                      "at most fiber.attenuation_450nm_db_per_m x 0.45^4 x 1000 = " +
                          number(f.attenuation_450nm_db_per_m * std::pow(0.45, 4) * 1e3) +
                          " (Rayleigh scattering is part of the 450 nm attenuation)");
}

// The 1 level's current density (A/cm^2) that emits `light_w` from led's pixel, in closed form
// (the light fixes the carrier density, B n^2, the ABC recombination the current); the same law
// as phy/led_drive.cpp, kept here because the design is checked before any physics is built.
double launch_current_density_a_per_cm2(const LedSpec& led, double light_w) {
  const double area_cm2 = 0.25 * std::numbers::pi * led.diameter_um * led.diameter_um * 1e-8;
  const double thickness_cm = led.active_thickness_nm * 1e-7;
  const double photon_j =
      units::kPlanck_Js * units::kSpeedOfLight_m_per_s / (led.wavelength_nm * 1e-9);
  const double radiative =
      light_w / (photon_j * led.extraction_efficiency * area_cm2 * thickness_cm);
  const double n = std::sqrt(radiative / led.b_cm3_per_s);
  return units::kElectronCharge_C * thickness_cm *
         (led.a_per_s * n + led.b_cm3_per_s * n * n + led.c_cm6_per_s * n * n * n);
}

// A launch the pixel cannot give below its highest current density is refused, never costed:
// the 1 level carries 2 er / (er + 1) of the mean light.
void validate_launch(const LinkSpec& spec) {
  const LedSpec& led = spec.led;
  const double er = units::db_to_linear(led.extinction_ratio_db);
  const double high_share = 2.0 * er / (er + 1.0);
  const double j =
      launch_current_density_a_per_cm2(led, high_share * units::dbm_to_w(led.launch_power_dbm));
  if (j <= led.max_current_density_a_per_cm2) return;
  // The highest launch: bisection on dBm (the density grows with the light).
  double lo = -60.0, hi = led.launch_power_dbm;
  for (int i = 0; i < 80; ++i) {
    const double mid = 0.5 * (lo + hi);
    (launch_current_density_a_per_cm2(led, high_share * units::dbm_to_w(mid)) <=
             led.max_current_density_a_per_cm2
         ? lo
         : hi) = mid;
  }
  std::ostringstream value, allowed, hint;
  value << led.launch_power_dbm << " dBm";
  allowed << "at most " << std::floor(lo * 100.0) / 100.0
          << " dBm for this pixel at led.extinction_ratio_db = " << led.extinction_ratio_db;
  hint << "its 1 level would need " << std::round(j) << " A/cm^2, above "
       << "led.max_current_density_a_per_cm2 = " << led.max_current_density_a_per_cm2;
  throw ConfigError("led.launch_power_dbm", value.str(), allowed.str(), hint.str());
}

// Jitter of a UI rms samples the neighbouring bits as often as the own one: every eye is closed
// (the BER near 0.5 at every phase). The statistical eye's phase window grows with the jitter
// (its average reaches 12 rms either side): 1000 ps at 2 Gb/s took a minute and a half per
// design, 10000 ps over a quarter of an hour, for that answer.
void validate_jitter(const LinkSpec& spec) {
  const double ui_ps = 1e3 / spec.channel.rate_gbps;
  if (spec.rx.jitter_rms_ps > ui_ps)
    throw ConfigError("rx.jitter_rms_ps", number(spec.rx.jitter_rms_ps) + " ps",
                      "at most one UI rms: " + number(ui_ps) +
                          " ps at channel.rate_gbps = " + number(spec.channel.rate_gbps),
                      "every eye is closed well before it");
}

void validate_physics(const LinkSpec& spec, const DesignUse& use) {
  validate_geometric_fiber(spec);
  validate_launch(spec);
  validate_jitter(spec);
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

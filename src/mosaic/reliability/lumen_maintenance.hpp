#pragma once

#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::reliability {

// The lumen-maintenance law of the microLEDs (reliability.ageing_model = tm21), in the form of IES
// TM-21-11 with an Arrhenius term in the junction temperature and a power law in the current
// density:  Phi(t) / Phi0 = B exp(-alpha t),  alpha = A exp(-Ea / (k T_j)) (J / 1 A/cm^2)^n,
// t in hours, T_j in kelvin.
struct Tm21Law {
  double b = 1.0;
  double a_per_h = 0.0;
  double activation_energy_ev = 0.0;
  double current_exponent = 0.0;

  // The decay rate (1/h) at a junction temperature (degC) and current density (A/cm^2).
  double alpha_per_h(double junction_c, double current_density_a_per_cm2) const;
  // Phi / Phi0 after `hours` at those conditions.
  double maintenance(double junction_c, double current_density_a_per_cm2, double hours) const;
};

Tm21Law tm21_law(const ReliabilitySpec& r);

// The range the anchors of data/led_ageing.toml span (a test holds these to the file): outside
// it the law is extrapolated, and the record says so.
inline constexpr double kAnchorLowestJunctionC = 59.0;
inline constexpr double kAnchorHighestJunctionC = 114.0;
inline constexpr double kAnchorLowestCurrentDensity = 23.3;    // A/cm^2
inline constexpr double kAnchorHighestCurrentDensity = 100.0;  // A/cm^2

// One lumen-maintenance reading the law is anchored to (data/led_ageing.toml).
struct LumenAnchor {
  std::string name;
  std::string kind;  // "published" or "representative"
  double case_temperature_c = 0.0;
  double junction_temperature_c = 0.0;
  double current_ma = 0.0;
  double die_area_mm2 = 0.0;
  double current_density_a_per_cm2 = 0.0;
  double hours = 0.0;
  double maintenance = 0.0;  // Phi / Phi0
  double scatter = 0.0;      // 1 sigma of the reading, absolute
  std::string source;
};

// The [[anchor]] tables of a lumen-maintenance file's text. Throws ConfigError naming `source` and
// the key or anchor for a bad file (out-of-range value, J not the current over the die area, no
// anchor).
std::vector<LumenAnchor> parse_lumen_anchors(const std::string& text, const std::string& source);

struct Tm21Fit {
  Tm21Law law;
  double chi2 = 0.0;           // sum of ((model - reading) / scatter)^2
  double worst_sigmas = 0.0;   // the largest |model - reading| / scatter
  double longest_hours = 0.0;  // the longest test among the anchors (TM-21's 6x basis)
};

// Weighted least squares of the law on the anchors: for each B the log-linear problem
// ln(-ln(M / B) / t) = ln A - Ea / (k T_j) + n ln J is solved with the weights the maintenance's
// scatter gives it, and B is the one of least chi^2 in the maintenance (golden section).
// Needs anchors at two or more junction temperatures and current densities.
Tm21Fit fit_tm21(const std::vector<LumenAnchor>& anchors);

// Where the pixel runs: the case temperature of the design, the drive's heat and current density
// (the nominal pixel at its launch, phy/led_drive.hpp) and the junction temperature they give.
// The FIT model and the ageing read both temperatures from here.
struct LedOperatingPoint {
  double case_c = 0.0;
  double heat_w = 0.0;      // mean electrical power minus light, per pixel
  double junction_c = 0.0;  // case + led.thermal_resistance_k_per_w x heat
  double bias_current_density_a_per_cm2 = 0.0;
  // The current density whose n-th power is the mean of J^n over the two equiprobable levels:
  // what the decay rate sees.
  double effective_current_density_a_per_cm2 = 0.0;
};

LedOperatingPoint led_operating_point(const LinkSpec& spec);

// The nominal (mean-channel) lumen-decay rate (1/h) of the design's pixels under tm21.
double tm21_alpha_per_h(const LinkSpec& spec, const LedOperatingPoint& op);

}  // namespace mosaic::reliability

#include "mosaic/reliability/lumen_maintenance.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/builders.hpp"
#include "mosaic/core/schema/toml_values.hpp"
#include "mosaic/core/units.hpp"
#include "mosaic/phy/led_drive.hpp"
#include "mosaic/phy/led_response.hpp"

namespace mosaic::reliability {
namespace {

constexpr double kBoltzmannEvPerK = 8.617333262e-5;
constexpr double kCm2PerM2 = 1e4;

FieldTable<LumenAnchor> lumen_anchor_fields() {
  using namespace schema;
  using P = LumenAnchor;
  static const std::vector<Field<P>> table = [] {
    std::vector<Field<P>> t;
    t.push_back(text<P>("name", &P::name, "text", "The anchor's name"));
    t.push_back(text<P>("kind", &P::kind, "published or representative",
                        "published: a figure the source states; representative: a typical value"));
    t.push_back(real<P>("case_temperature_c", &P::case_temperature_c, -60.0, 250.0, "degC",
                        "Case (solder-point) temperature of the test"));
    t.push_back(real<P>("junction_temperature_c", &P::junction_temperature_c, -60.0, 250.0, "degC",
                        "Junction temperature of the test"));
    t.push_back(real<P>("current_ma", &P::current_ma, 0.0, 1e5, "mA", "Drive current"));
    t.push_back(real<P>("die_area_mm2", &P::die_area_mm2, 1e-8, 1e3, "mm^2", "Die area"));
    t.push_back(real<P>("current_density_a_per_cm2", &P::current_density_a_per_cm2, 1e-6, 1e7,
                        "A/cm^2", "Current density: the current over the die area"));
    t.push_back(real<P>("hours", &P::hours, 1.0, 1e7, "h", "Test time of the reading"));
    t.push_back(
        real<P>("maintenance", &P::maintenance, 0.01, 1.0, "", "Flux over the initial flux"));
    t.push_back(real<P>("scatter", &P::scatter, 1e-5, 0.5, "", "1-sigma of the reading"));
    t.push_back(text<P>("source", &P::source, "text", "Where the figure comes from, in words"));
    return t;
  }();
  return table;
}

// Weighted least squares of y = c0 + c1 x1 + c2 x2 (3 x 3 normal equations, Cramer's rule).
std::array<double, 3> solve_weighted_plane(const std::vector<std::array<double, 4>>& rows) {
  double m[3][3] = {};
  double v[3] = {};
  for (const auto& r : rows) {
    const double x[3] = {1.0, r[0], r[1]};
    for (int i = 0; i < 3; ++i) {
      v[i] += r[3] * x[i] * r[2];
      for (int j = 0; j < 3; ++j) m[i][j] += r[3] * x[i] * x[j];
    }
  }
  auto det3 = [](const double a[3][3]) {
    return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
           a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
           a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  };
  const double d = det3(m);
  if (!(std::abs(d) > 0.0))
    throw ConfigError("lumen-maintenance anchors", "degenerate",
                      "anchors at two or more junction temperatures and current densities");
  std::array<double, 3> c{};
  for (int k = 0; k < 3; ++k) {
    double mk[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) mk[i][j] = j == k ? v[i] : m[i][j];
    c[k] = det3(mk) / d;
  }
  return c;
}

struct FitAtB {
  Tm21Law law;
  double chi2 = 0.0;
};

FitAtB fit_at_b(const std::vector<LumenAnchor>& anchors, double b) {
  // Rows: x1 = -1 / (k T_j), x2 = ln J, y = ln(alpha), weight = 1 / sigma_y^2 where
  // sigma_y = sigma_M / (M |ln(M / B)|) (alpha = -ln(M / B) / t).
  std::vector<std::array<double, 4>> rows;
  for (const auto& a : anchors) {
    const double decay = -std::log(a.maintenance / b);
    const double t_k = a.junction_temperature_c + units::kZeroCelsius_K;
    const double y = std::log(decay / a.hours);
    const double sigma_y = a.scatter / (a.maintenance * decay);
    rows.push_back({-1.0 / (kBoltzmannEvPerK * t_k), std::log(a.current_density_a_per_cm2), y,
                    1.0 / (sigma_y * sigma_y)});
  }
  const auto c = solve_weighted_plane(rows);
  FitAtB f;
  f.law = {b, std::exp(c[0]), c[1], c[2]};
  for (const auto& a : anchors) {
    const double r =
        (f.law.maintenance(a.junction_temperature_c, a.current_density_a_per_cm2, a.hours) -
         a.maintenance) /
        a.scatter;
    f.chi2 += r * r;
  }
  return f;
}

}  // namespace

double Tm21Law::alpha_per_h(double junction_c, double current_density_a_per_cm2) const {
  const double t_k = junction_c + units::kZeroCelsius_K;
  return a_per_h * std::exp(-activation_energy_ev / (kBoltzmannEvPerK * t_k)) *
         std::pow(std::max(0.0, current_density_a_per_cm2), current_exponent);
}

double Tm21Law::maintenance(double junction_c, double current_density_a_per_cm2,
                            double hours) const {
  return b * std::exp(-alpha_per_h(junction_c, current_density_a_per_cm2) * hours);
}

Tm21Law tm21_law(const ReliabilitySpec& r) {
  return {r.tm21_b, r.tm21_a_per_h, r.tm21_activation_energy_ev, r.tm21_current_exponent};
}

std::vector<LumenAnchor> parse_lumen_anchors(const std::string& text, const std::string& source) {
  std::vector<LumenAnchor> out;
  for (const auto& values : toml_tables(text, source, "anchor")) {
    LumenAnchor a;
    apply_toml_values(a, lumen_anchor_fields(), values, "a lumen-maintenance anchor's key");
    const std::string what = source + ": anchor \"" + a.name + "\"";
    if (a.name.empty() || a.source.empty())
      throw ConfigError(what, "no name or source", "a named anchor with its source in words");
    if (a.kind != "published" && a.kind != "representative")
      throw ConfigError(what + " kind", a.kind, "published or representative");
    if (a.junction_temperature_c < a.case_temperature_c)
      throw ConfigError(what + " junction_temperature_c", std::to_string(a.junction_temperature_c),
                        "at least the case temperature");
    const double j = a.current_ma * 1e-3 / (a.die_area_mm2 * 1e-2);
    if (std::abs(j - a.current_density_a_per_cm2) > 0.01 * j)
      throw ConfigError(what + " current_density_a_per_cm2",
                        std::to_string(a.current_density_a_per_cm2),
                        "current_ma / die_area_mm2 within 1 % (" + std::to_string(j) + " A/cm^2)");
    out.push_back(std::move(a));
  }
  if (out.empty()) throw ConfigError(source, "no [[anchor]]", "at least one anchor");
  return out;
}

Tm21Fit fit_tm21(const std::vector<LumenAnchor>& anchors) {
  std::set<double> temperatures, densities;
  Tm21Fit out;
  for (const auto& a : anchors) {
    temperatures.insert(a.junction_temperature_c);
    densities.insert(a.current_density_a_per_cm2);
    out.longest_hours = std::max(out.longest_hours, a.hours);
  }
  if (temperatures.size() < 2 || densities.size() < 2)
    throw ConfigError("lumen-maintenance anchors", std::to_string(anchors.size()) + " anchors",
                      "anchors at two or more junction temperatures and current densities");
  // B above every reading (each decays); golden section on chi^2 up to 1.2.
  double highest = 0.0;
  for (const auto& a : anchors) highest = std::max(highest, a.maintenance);
  double lo = std::max(0.8, highest * (1.0 + 1e-6)), hi = 1.2;
  const double g = 0.5 * (std::sqrt(5.0) - 1.0);
  double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  double f1 = fit_at_b(anchors, x1).chi2, f2 = fit_at_b(anchors, x2).chi2;
  for (int i = 0; i < 200 && hi - lo > 1e-10; ++i) {
    if (f1 < f2) {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - g * (hi - lo);
      f1 = fit_at_b(anchors, x1).chi2;
    } else {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + g * (hi - lo);
      f2 = fit_at_b(anchors, x2).chi2;
    }
  }
  const FitAtB best = fit_at_b(anchors, 0.5 * (lo + hi));
  out.law = best.law;
  out.chi2 = best.chi2;
  for (const auto& a : anchors)
    out.worst_sigmas = std::max(out.worst_sigmas,
                                std::abs(out.law.maintenance(a.junction_temperature_c,
                                                             a.current_density_a_per_cm2, a.hours) -
                                         a.maintenance) /
                                    a.scatter);
  return out;
}

LedOperatingPoint led_operating_point(const LinkSpec& spec) {
  const phy::LedDrive d = phy::make_led_response(spec.led)->drive();
  LedOperatingPoint op;
  op.case_c = spec.environment.case_temperature_c;
  op.heat_w = std::max(0.0, d.heat_w);
  op.junction_c = op.case_c + spec.led.thermal_resistance_k_per_w * op.heat_w;
  op.bias_current_density_a_per_cm2 = d.current_density_a_per_m2 / kCm2PerM2;
  const double area_cm2 = phy::led_area_m2(spec.led) * kCm2PerM2;
  const double n = spec.reliability.tm21_current_exponent;
  const double j0 = d.low_a / area_cm2, j1 = d.high_a / area_cm2;
  op.effective_current_density_a_per_cm2 =
      n > 0.0 ? std::pow(0.5 * (std::pow(j0, n) + std::pow(j1, n)), 1.0 / n) : std::sqrt(j0 * j1);
  return op;
}

double tm21_alpha_per_h(const LinkSpec& spec, const LedOperatingPoint& op) {
  return tm21_law(spec.reliability)
      .alpha_per_h(op.junction_c, op.effective_current_density_a_per_cm2);
}

}  // namespace mosaic::reliability

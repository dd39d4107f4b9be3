#include "mosaic/phy/modal_delay.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "mosaic/core/units.hpp"

namespace mosaic::phy {
namespace {

// LP11 cutoff: below it a core guides its fundamental mode only.
constexpr double kSingleModeV = 2.405;
// Midpoint quadrature of the launched phase space and the histogram it fills: enough that the
// rms of a uniform density is exact to 1e-5 and its transfer to 1e-3 up to several GHz.
constexpr int kAngleSteps = 512;
constexpr int kRadiusSteps = 128;  // graded only: a step core's mode does not depend on radius
constexpr int kBins = 48;

}  // namespace

ModalDelays modal_delays(const CoreGeometry& core, double launch_na, double wavelength_m,
                         double length_m) {
  ModalDelays m;
  const bool step = core.profile == FiberProfile::kStep;
  const double g = core.profile_exponent;
  const double c1 = modal_first_order_coefficient(core);
  const double c2 = step ? 1.5 : (3.0 * g - 2.0) / (2.0 * (g + 2.0));
  const double delta = core.na * core.na / (2.0 * core.n1 * core.n1);
  const double scale = length_m * core.group_index / units::kSpeedOfLight_m_per_s;
  m.v_number = 2.0 * std::numbers::pi * core.radius_m * core.na / wavelength_m;
  const double s_launch = (launch_na / core.na) * (launch_na / core.na);

  // Phase space: u = rho^2 in [0, 1] (uniform over the core's area), s = (sin theta / NA)^2 in
  // [0, s_launch] (uniform over the launch's solid angle). Each cell carries equal power.
  const int nu = step ? 1 : kRadiusSteps;
  std::vector<double> q_of;
  q_of.reserve(static_cast<std::size_t>(nu) * kAngleSteps);
  for (int i = 0; i < nu; ++i) {
    const double u = (i + 0.5) / nu;
    const double radial = step ? 0.0 : std::pow(u, 0.5 * g);
    for (int j = 0; j < kAngleSteps; ++j) {
      const double q = radial + s_launch * (j + 0.5) / kAngleSteps;
      if (q <= 1.0) q_of.push_back(q);
    }
  }
  const double cells = static_cast<double>(nu) * kAngleSteps;
  m.guided_fraction = static_cast<double>(q_of.size()) / cells;
  // Guided phase-space volume of the whole core is g/(g+2) (1 for a step core): the modes count.
  const double full_volume = step ? 1.0 : g / (g + 2.0);
  m.modes = full_volume * m.v_number * m.v_number / 2.0;
  m.modes_excited = m.guided_fraction * s_launch * m.v_number * m.v_number / 2.0;
  for (double q : q_of) m.mean_q += q;
  if (!q_of.empty()) m.mean_q /= static_cast<double>(q_of.size());
  m.weight.assign(1, 1.0);
  if (m.v_number < kSingleModeV) {
    // LP01 alone, in its two polarisations: the continuum count means nothing here.
    m.modes = 2.0;
    m.modes_excited = 2.0;
    return m;
  }
  if (q_of.empty() || length_m <= 0.0) return m;

  std::vector<double> tau(q_of.size());
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (std::size_t k = 0; k < q_of.size(); ++k) {
    const double q = q_of[k];
    tau[k] = scale * (c1 * delta * q + c2 * delta * delta * q * q);
    lo = std::min(lo, tau[k]);
    hi = std::max(hi, tau[k]);
  }
  if (!(hi > lo)) return m;
  // Each sample stands for a cell of the phase space whose delays reach half a cell beyond the
  // extreme samples: widen the range by that so the end bins are not half empty.
  const double pad = 0.5 * (hi - lo) / (kAngleSteps - 1);
  lo -= pad;
  hi += pad;
  m.bin_width_s = (hi - lo) / kBins;
  m.weight.assign(kBins, 0.0);
  const double w = 1.0 / static_cast<double>(tau.size());
  for (double t : tau) {
    const int b = std::clamp(static_cast<int>((t - lo) / m.bin_width_s), 0, kBins - 1);
    m.weight[b] += w;
  }
  // Centre the histogram on its own mean so that the fiber adds no bulk delay to the chain.
  double hist_mean = 0.0;
  for (int b = 0; b < kBins; ++b) hist_mean += m.weight[b] * (lo + (b + 0.5) * m.bin_width_s);
  m.first_bin_s = lo + 0.5 * m.bin_width_s - hist_mean;
  double var = m.bin_width_s * m.bin_width_s / 12.0;
  for (int b = 0; b < kBins; ++b) {
    const double c = m.first_bin_s + b * m.bin_width_s;
    var += m.weight[b] * c * c;
  }
  m.rms_s = std::sqrt(var);
  return m;
}

double modal_first_order_coefficient(const CoreGeometry& core) {
  if (core.profile == FiberProfile::kStep) return 1.0;
  return (core.profile_exponent - 2.0) / (core.profile_exponent + 2.0);
}

double step_index_modal_rms_s(const CoreGeometry& core, double launch_na, double length_m) {
  const double na_l = std::min(launch_na, core.na);
  const double spread = length_m * core.group_index * na_l * na_l /
                        (2.0 * core.n1 * core.n1 * units::kSpeedOfLight_m_per_s);
  return spread / std::sqrt(12.0);
}

}  // namespace mosaic::phy

#include "mosaic/reliability/model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mosaic/core/math/confidence.hpp"
#include "mosaic/core/math/count_tails.hpp"

namespace mosaic::reliability {

ReliabilityModel reliability_model(const LinkSpec& spec, std::optional<int> usable_spares) {
  const auto& r = spec.reliability;
  ReliabilityModel m;
  m.spares = usable_spares ? std::clamp(*usable_spares, 0, spec.spare_positions())
                           : spec.spare_positions();
  m.channels = spec.array.data_channels + spec.array.ecc_channels + m.spares;
  m.ecc = spec.array.ecc_channels > 0;
  // The case temperature the LED ageing also starts from (degradation.hpp: led_ageing).
  m.case_temperature_c = spec.environment.case_temperature_c;
  m.acceleration_factor =
      arrhenius_factor(r.activation_energy_ev, r.reference_temperature_c, m.case_temperature_c);
  m.channel = Lifetime::from_fit(r.channel_fit * m.acceleration_factor);
  if (r.weibull_scale_years) {
    // Wear-out runs faster when hot by the same factor: its time scale shrinks.
    m.channel.wearout_scale_h = *r.weibull_scale_years * kHoursPerYear / m.acceleration_factor;
    m.channel.wearout_shape = r.weibull_shape;
  }
  // Only thermally activated mechanisms speed up when hot: connector and fiber do not.
  m.common = Lifetime::from_fit(r.common_fit * m.acceleration_factor + r.passive_fit);
  m.mttr_h = r.mttr_h;
  m.life_h = r.service_life_years * kHoursPerYear;
  return m;
}

double log_channel_survival(const ReliabilityModel& m, double t_h) {
  return binomial_tails(m.channels, m.failures_to_fail(), m.channel.cdf(t_h)).below;
}

double log_channel_failure(const ReliabilityModel& m, double t_h) {
  return binomial_tails(m.channels, m.failures_to_fail(), m.channel.cdf(t_h)).at_least;
}

double log_link_survival(const ReliabilityModel& m, double t_h) {
  return log_channel_survival(m, t_h) - m.common.cumulative_hazard(t_h);
}

double mttf_h(const ReliabilityModel& m) {
  const bool channels_can_fail = !m.channel.never_fails() && m.failures_to_fail() <= m.channels;
  if (!channels_can_fail && m.common.never_fails()) return std::numeric_limits<double>::infinity();
  // Integrate R(t) dt = R(e^u) e^u du on a log-time grid: R spans many decades of t but is smooth
  // in u. Find where R has vanished, then Simpson's rule from far below any feature.
  double t_hi = 1.0;
  while (log_link_survival(m, t_hi) > std::log(1e-18) && t_hi < 1e300) t_hi *= 2.0;
  const double t_lo = t_hi * 1e-12;
  const double u0 = std::log(t_lo), u1 = std::log(t_hi);
  const int intervals = 8000;  // even
  const double du = (u1 - u0) / intervals;
  double sum = 0.0;
  for (int i = 0; i <= intervals; ++i) {
    const double t = std::exp(u0 + i * du);
    const double w = (i == 0 || i == intervals) ? 1.0 : (i % 2 ? 4.0 : 2.0);
    sum += w * std::exp(log_link_survival(m, t)) * t;
  }
  return t_lo + sum * du / 3.0;  // below t_lo, R = 1 to within 1e-12 relative
}

}  // namespace mosaic::reliability

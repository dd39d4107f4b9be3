#include "mosaic/reliability/link_reliability.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mosaic::reliability {

LinkReliability link_reliability(const ReliabilityModel& m, int data, int ecc) {
  LinkReliability r;
  r.channels = m.channels;
  r.data = data;
  r.ecc = ecc;
  r.spares = m.spares;
  r.acceleration_factor = m.acceleration_factor;
  r.channel_fit = m.channel.rate_per_h * kFitHours;
  r.common_fit = m.common.rate_per_h * kFitHours;
  r.service_life_h = m.life_h;
  const double t = m.life_h;
  const double log_ch = log_channel_survival(m, t);
  const double log_r = log_ch - m.common.cumulative_hazard(t);
  r.reliability = std::exp(log_r);
  r.failure_probability = std::max(0.0, -std::expm1(log_r));
  r.spares_exhausted_probability = std::exp(log_channel_failure(m, t));
  r.channel_fit_contribution = std::max(0.0, -log_ch / t * kFitHours);
  r.common_fit_contribution = m.common.cumulative_hazard(t) / t * kFitHours;
  r.link_fit = std::max(0.0, -log_r / t * kFitHours);
  r.afr = -std::expm1(-r.link_fit * kHoursPerYear / kFitHours);
  r.mttf_h = mttf_h(m);
  r.expected_failed_channels = m.channels * m.channel.cdf(t);
  r.markov = solve_markov(m, t);

  char buf[400];
  std::snprintf(buf, sizeof buf,
                "reliability: the link fails once more than %d of its %d channels have failed "
                "(%s), or any common part fails",
                m.spares, m.channels,
                m.ecc ? "the ECC masks that one while the link is drained and replaced"
                      : "no ECC: that failure downs the link");
  r.assumptions.push_back(buf);
  r.assumptions.push_back(
      "reliability: channels fail independently with identical lifetimes; common parts (gearbox, "
      "controller, DC-DC, connector, fiber) are in series with the channels");
  std::snprintf(buf, sizeof buf,
                "reliability: FIT figures are quoted at the reference temperature and accelerated "
                "by Arrhenius to the case temperature %.3g degC (factor %.3g) on the channels and "
                "the active common parts; the passive parts (connector, fiber) have no activation "
                "energy; LED output ageing (degradation) runs at the same case temperature plus "
                "the pixel's self-heating",
                m.case_temperature_c, m.acceleration_factor);
  r.assumptions.push_back(buf);
  r.assumptions.push_back(m.channel.has_wearout()
                              ? "reliability: channel wear-out is Weibull, added to the constant "
                                "random-failure hazard; the Markov model is not applicable"
                              : "reliability: constant failure rates (no wear-out configured)");
  r.assumptions.push_back(
      "reliability: link FIT = -ln R(T) / T x 1e9 h over the service life T; AFR = 1 - "
      "exp(-FIT x 8760 h / 1e9); MTTF = integral of R(t)");
  r.assumptions.push_back(
      "reliability: Markov with repair replaces a degraded or down link after an exponential "
      "time of mean MTTR with a new one");
  return r;
}

LinkReliability link_reliability(const LinkSpec& spec, std::optional<int> usable_spares) {
  LinkReliability r = link_reliability(reliability_model(spec, usable_spares),
                                       spec.array.data_channels, spec.array.ecc_channels);
  r.spares_unusable = spec.spare_positions() - r.spares;
  if (usable_spares) {
    char buf[240];
    std::snprintf(buf, sizeof buf,
                  "reliability: only the %d spares meeting BER %.3g count as spares; %d more are "
                  "too weak to carry data and are left out",
                  r.spares, spec.reliability.degradation_ber_target, r.spares_unusable);
    r.assumptions.push_back(buf);
  }
  return r;
}

}  // namespace mosaic::reliability

#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/reliability/markov.hpp"
#include "mosaic/reliability/model.hpp"

namespace mosaic::reliability {

// Closed-form reliability of one link over its service life (PHYSICS.md section 8), with the
// Markov model beside it. FIT = failures per 1e9 h.
struct LinkReliability {
  int channels = 0;  // data + ECC + spares
  int data = 0;
  int ecc = 0;
  int spares = 0;                    // usable spares: the S of the model
  int spares_unusable = 0;           // spares of the design that do not meet the BER target
  double acceleration_factor = 1.0;  // Arrhenius, operating vs reference temperature
  double channel_fit = 0.0;          // per channel, at the operating temperature
  double common_fit = 0.0;           // common parts, at the operating temperature
  double service_life_h = 0.0;
  double reliability = 1.0;                   // R(T): no link failure within the service life
  double failure_probability = 0.0;           // 1 - R(T)
  double spares_exhausted_probability = 0.0;  // P(more than S channels failed by T)
  double link_fit = 0.0;                      // -ln R(T) / T x 1e9 h
  double channel_fit_contribution = 0.0;      // -ln P(enough channels at T) / T x 1e9 h
  double common_fit_contribution = 0.0;
  double afr = 0.0;     // annualized failure rate: 1 - exp(-link_fit x 8760 h / 1e9)
  double mttf_h = 0.0;  // mean time to first failure (infinity if it cannot fail)
  double expected_failed_channels = 0.0;  // n x F(T)
  std::optional<MarkovResult> markov;     // absent with Weibull wear-out
  std::vector<std::string> assumptions;
};

LinkReliability link_reliability(const ReliabilityModel& model, int data, int ecc);
// usable_spares: spares meeting reliability.degradation_ber_target in a physics run (see
// count_usable_spares); none = every spare of the design counts.
LinkReliability link_reliability(const LinkSpec& spec,
                                 std::optional<int> usable_spares = std::nullopt);

}  // namespace mosaic::reliability

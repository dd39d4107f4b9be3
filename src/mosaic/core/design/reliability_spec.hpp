#pragma once

#include <optional>

namespace mosaic {

// How the microLEDs' output decays with age (reliability.ageing_model).
enum class AgeingModel {
  // Lumen maintenance in the IES TM-21 form B exp(-alpha t), alpha = A exp(-Ea / k T_j) J^n at the
  // pixel's junction temperature and current density, fitted to data/led_ageing.toml.
  kTm21,
  // The earlier model: led_decay_db_per_year x (age x AF)^led_decay_exponent, AF the Arrhenius
  // factor from reference_temperature_c to the case temperature (no source for its rate).
  kArrhenius25c,
};

// Reliability model (PHYSICS.md section 8). FIT = failures per 1e9 device-hours, quoted at
// reference_temperature_c; the parts with a thermally activated failure mechanism (channels,
// active common electronics, LED decay) are accelerated to environment.case_temperature_c
// (Arrhenius); the passive parts (connector, fiber) are not.
struct ReliabilitySpec {
  bool operator==(const ReliabilitySpec&) const = default;

  double channel_fit = 1.0;  // failures per 1e9 device-hours of one channel (LED + driver + TIA)
  double common_fit = 4.0;   // gearbox, controller, DC-DC, in series (thermally activated)
  double passive_fit = 1.0;  // connector and fiber, in series (no activation energy)
  double service_life_years = 5.0;
  double reference_temperature_c = 25.0;  // temperature at which the FIT figures are quoted
  double activation_energy_ev = 0.7;
  // Optional wear-out of each channel, added to its random-failure hazard: H(t) = (t /
  // scale)^shape.
  std::optional<double> weibull_scale_years;
  double weibull_shape = 3.0;
  double mttr_h = 24.0;  // mean time to drain and replace a degraded or failed link
  // Gradual degradation of microLED output, with a per-channel log-normal spread of its rate;
  // checked by the physics engine at `degradation_steps` points.
  AgeingModel ageing_model = AgeingModel::kTm21;
  // tm21: Phi(t) / Phi0 = B exp(-alpha t), alpha = A exp(-Ea / k T_j) (J / 1 A/cm^2)^n per hour,
  // fitted (reliability/lumen_maintenance.hpp) to the anchors of data/led_ageing.toml, whose
  // longest test is tm21_test_hours (TM-21 projects no further than 6 times that).
  double tm21_b = 0.999266;
  double tm21_a_per_h = 1.00926;
  double tm21_activation_energy_ev = 0.452144;
  double tm21_current_exponent = 0.493597;
  double tm21_test_hours = 10000.0;
  // arrhenius_25c: loss_db = rate * (t_years * AF)^exponent.
  double led_decay_db_per_year = 0.25;
  double led_decay_exponent = 1.0;
  double led_decay_sigma = 0.3;  // relative spread of the decay rate between channels (1 sigma)
  int degradation_steps = 5;
  double degradation_ber_target = 2.4e-4;  // a channel above it is swapped for a spare
};

}  // namespace mosaic

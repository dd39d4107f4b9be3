#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/design/schema.hpp"

namespace mosaic {

void add_reliability_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  using R = ReliabilitySpec;
  out.push_back(real("reliability.channel_fit", &S::reliability, &R::channel_fit, 0.0, 1e6, "FIT",
                     "Failure rate of one channel (microLED + driver + TIA)"));
  out.push_back(real("reliability.common_fit", &S::reliability, &R::common_fit, 0.0, 1e7, "FIT",
                     "Failure rate of the active electronics every channel needs (gearbox, "
                     "controller, DC-DC), in series; Arrhenius-accelerated"));
  out.push_back(real("reliability.passive_fit", &S::reliability, &R::passive_fit, 0.0, 1e7, "FIT",
                     "Failure rate of the passive parts in series (connector, fiber); no "
                     "activation energy, so not accelerated by temperature"));
  out.push_back(real("reliability.service_life_years", &S::reliability, &R::service_life_years,
                     0.01, 100.0, "years", "Service life over which link FIT is averaged"));
  out.push_back(real("reliability.reference_temperature_c", &S::reliability,
                     &R::reference_temperature_c, -60.0, 200.0, "degC",
                     "Temperature at which the FIT figures are quoted"));
  out.push_back(real(
      "reliability.activation_energy_ev", &S::reliability, &R::activation_energy_ev, 0.0, 3.0, "eV",
      "Arrhenius activation energy of channel and active common-part failures and LED decay"));
  out.push_back(optional_real("reliability.weibull_scale_years", &S::reliability,
                              &R::weibull_scale_years, 0.01, 1e6, "years",
                              "Characteristic wear-out life of a channel (none = no wear-out)"));
  out.push_back(real("reliability.weibull_shape", &S::reliability, &R::weibull_shape, 0.1, 20.0, "",
                     "Weibull shape of channel wear-out (> 1: rising hazard)"));
  out.push_back(real("reliability.mttr_h", &S::reliability, &R::mttr_h, 0.0, 1e5, "h",
                     "Mean time to drain and replace a degraded or failed link"));
  out.push_back(choice("reliability.ageing_model", &S::reliability, &R::ageing_model,
                       "MicroLED output decay: tm21 = lumen maintenance B exp(-alpha t) at the "
                       "junction temperature and current density, fitted to data/led_ageing.toml; "
                       "arrhenius_25c = the earlier 25 degC rate times an Arrhenius factor"));
  out.push_back(real("reliability.tm21_b", &S::reliability, &R::tm21_b, 0.8, 1.2, "",
                     "tm21: the fitted initial constant B of B exp(-alpha t)"));
  out.push_back(real("reliability.tm21_a_per_h", &S::reliability, &R::tm21_a_per_h, 0.0, 1e12,
                     "1/h", "tm21: prefactor A of alpha = A exp(-Ea / k T_j) (J / 1 A/cm^2)^n"));
  out.push_back(real("reliability.tm21_activation_energy_ev", &S::reliability,
                     &R::tm21_activation_energy_ev, 0.05, 2.0, "eV",
                     "tm21: activation energy of the lumen decay rate (junction temperature)"));
  out.push_back(real("reliability.tm21_current_exponent", &S::reliability,
                     &R::tm21_current_exponent, 0.0, 4.0, "",
                     "tm21: the decay rate grows as (current density)^n"));
  out.push_back(real("reliability.tm21_test_hours", &S::reliability, &R::tm21_test_hours, 1.0, 1e6,
                     "h",
                     "tm21: the longest lumen-maintenance test the law is fitted to (TM-21 "
                     "projects at most 6 times it; beyond, the record says so)"));
  out.push_back(real("reliability.led_decay_db_per_year", &S::reliability,
                     &R::led_decay_db_per_year, 0.0, 100.0, "dB/year",
                     "arrhenius_25c: microLED output decay rate at the reference temperature"));
  out.push_back(real("reliability.led_decay_exponent", &S::reliability, &R::led_decay_exponent, 0.1,
                     3.0, "", "arrhenius_25c: decay loss grows as (age x AF)^exponent"));
  out.push_back(real("reliability.led_decay_sigma", &S::reliability, &R::led_decay_sigma, 0.0, 3.0,
                     "", "Per-channel log-normal spread of the decay rate (1 sigma)"));
  out.push_back(integer("reliability.degradation_steps", &S::reliability, &R::degradation_steps, 1,
                        1000, "", "Physics re-evaluations over the service life (degradation)"));
  out.push_back(real("reliability.degradation_ber_target", &S::reliability,
                     &R::degradation_ber_target, 1e-30, 0.5, "",
                     "BER a channel must meet to carry data: above it a channel is swapped for a "
                     "spare, and a spare above it is not counted as usable"));
}

}  // namespace mosaic

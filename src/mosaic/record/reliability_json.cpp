#include "mosaic/record/reliability_json.hpp"

#include <cmath>
#include <string>

#include "mosaic/core/design/enum_names.hpp"

namespace mosaic::record {

nlohmann::json hours_or_never(double hours) {
  if (std::isnan(hours)) return kUndefined;
  return std::isinf(hours) ? nlohmann::json(kNever) : nlohmann::json(hours);
}

nlohmann::json fit_or_certain(double fit) {
  if (std::isnan(fit)) return kUndefined;
  return std::isinf(fit) ? nlohmann::json(kCertain) : nlohmann::json(fit);
}

nlohmann::json number_or_undefined(double value) {
  return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(kUndefined);
}

namespace {

nlohmann::json hours_interval(const Interval& i) {
  return nlohmann::json::array({hours_or_never(i.low), hours_or_never(i.high)});
}

nlohmann::json count_interval(const Interval& i) {
  return nlohmann::json::array({i.low, i.high});
}

nlohmann::json fit_interval(const Interval& i) {
  return nlohmann::json::array({fit_or_certain(i.low), fit_or_certain(i.high)});
}

}  // namespace

nlohmann::json reliability_to_json(const reliability::LinkReliability& r) {
  nlohmann::json markov = kUndefined;
  if (r.markov) {
    const auto& m = *r.markov;
    markov = {{"horizon_h", m.horizon_h},
              {"states", m.states},
              {"failure_probability", m.failure_probability},
              {"expected_failures_with_repair", m.expected_failures},
              {"expected_outages_with_repair", m.expected_outages},
              {"unavailability", m.unavailability},
              {"degraded_fraction", m.degraded_fraction}};
  }
  return {
      {"link_fit", fit_or_certain(r.link_fit)},
      {"afr", r.afr},
      {"mttf_h", hours_or_never(r.mttf_h)},
      {"reliability_over_life", r.reliability},
      {"failure_probability_over_life", r.failure_probability},
      {"service_life_h", r.service_life_h},
      {"channels", r.channels},
      {"data_channels", r.data},
      {"ecc_channels", r.ecc},
      {"spare_channels", r.spares + r.spares_unusable},
      {"spares_usable", r.spares},
      {"channel_fit", r.channel_fit},
      {"common_fit", r.common_fit},
      {"acceleration_factor", r.acceleration_factor},
      {"channel_fit_contribution", fit_or_certain(r.channel_fit_contribution)},
      {"common_fit_contribution", fit_or_certain(r.common_fit_contribution)},
      {"spares_exhausted_probability", r.spares_exhausted_probability},
      {"spares_unusable", r.spares_unusable},
      {"expected_failed_channels", r.expected_failed_channels},
      {"markov", markov},
      {"assumptions", r.assumptions},
  };
}

nlohmann::json fleet_to_json(const reliability::FleetResult& f) {
  nlohmann::json years = nlohmann::json::array();
  for (const auto& y : f.per_year) {
    years.push_back({{"year", y.year + 1},
                     {"hours", y.hours},
                     {"failures", y.failures},
                     {"failures_ci", count_interval(y.failures_ci)},
                     {"outages", y.outages},
                     {"mtbf_h", hours_or_never(y.mtbf_h)},
                     {"mtbf_ci_h", hours_interval(y.mtbf_ci_h)}});
  }
  return {
      {"links", f.links},
      {"years", f.years},
      {"confidence", f.confidence},
      {"seed", f.seed},
      {"failures", f.failures},
      {"channel_failures", f.channel_failures},
      {"common_failures", f.common_failures},
      {"outages", f.outages},
      {"per_year", years},
      {"failures_per_link", f.failures_per_link},
      {"failures_per_link_ci", count_interval(f.failures_per_link_ci)},
      {"first_life_failures", f.first_life_failures},
      {"first_life_failure_probability", f.first_life_failure_probability},
      {"first_life_failure_ci", count_interval(f.first_life_failure_ci)},
      {"fleet_fit", fit_or_certain(f.fleet_fit)},
      {"fleet_fit_ci", fit_interval(f.fleet_fit_ci)},
      {"mtbf_h", hours_or_never(f.mtbf_h)},
      {"mtbf_ci_h", hours_interval(f.mtbf_ci_h)},
      {"wall_s", f.wall_s},
      {"link_lifetimes_per_s", f.link_lifetimes_per_s},
      {"assumptions", f.assumptions},
  };
}

nlohmann::json led_ageing_to_json(const reliability::LedAgeing& a, const ReliabilitySpec& spec) {
  return {{"model", std::string(enum_name(a.model))},
          {"case_temperature_c", a.case_c},
          {"junction_temperature_c", a.junction_c},
          {"heat_mw", a.heat_w * 1e3},
          {"current_density_a_per_cm2", a.current_density_a_per_cm2},
          {"decay_rate_per_h", a.alpha_per_h},
          {"acceleration_factor", a.acceleration_factor},
          {"nominal_loss_db_at_end_of_life", a.nominal_loss_db(spec, spec.service_life_years)}};
}

nlohmann::json degradation_to_json(const reliability::DegradationResult& d) {
  nlohmann::json steps = nlohmann::json::array();
  for (const auto& s : d.steps) {
    steps.push_back({{"age_years", s.age_years},
                     {"mean_loss_db", s.mean_loss_db},
                     {"max_loss_db", s.max_loss_db},
                     {"worst_log10_ber_before_swaps", s.worst_log10_ber_before},
                     {"worst_log10_ber", s.worst_log10_ber},
                     {"swaps", s.swaps},
                     {"spares_left", s.spares_left},
                     {"failed", s.failed}});
  }
  return {{"spares_at_start", d.spares_at_start},
          {"spares_unusable_at_start", d.spares_unusable_at_start},
          {"spares_used", d.spares_used},
          {"worst_log10_ber", d.worst_log10_ber},
          {"failed", d.failed},
          {"failure_age_years",
           d.failure_age_years ? nlohmann::json(*d.failure_age_years) : nlohmann::json(kNever)},
          {"evaluations", d.evaluations},
          {"steps", steps},
          {"assumptions", d.assumptions}};
}

}  // namespace mosaic::record

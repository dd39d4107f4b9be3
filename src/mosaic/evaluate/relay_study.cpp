#include "mosaic/evaluate/relay_study.hpp"

#include <fmt/format.h>

#include <cmath>

#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/link_faults.hpp"
#include "mosaic/link/link_config.hpp"

namespace mosaic {

double relay_run_s(const LinkSpec& spec, const study::RelayOptions& options) {
  const link::LinkConfig cfg = link::LinkConfig::from_spec(spec);
  const double host_bits = std::floor(options.gbits * 1e9);
  const double periods = std::ceil(host_bits / double(cfg.host_bits_per_period()));
  return (periods + cfg.training_periods) * cfg.period_s();
}

link::RelayResult relay(const LinkSpec& spec, const study::RelayOptions& options,
                        const std::optional<link::FaultPlan>& phy_report, Progress* progress) {
  options.validate();
  if (!options.phy.empty() && !phy_report)
    throw ConfigError("phy", "\"" + options.phy + "\"", "a report the front end has read");
  const link::LinkConfig cfg = link::LinkConfig::from_spec(spec);
  check_relay_memory(spec);
  link::RelayOptions opt;
  opt.host_bits = static_cast<std::uint64_t>(options.gbits * 1e9);
  if (phy_report) opt.faults = *phy_report;
  if (options.ber) opt.faults.background_ber = *options.ber;
  if (options.physics) {
    EvalOptions physics;
    physics.threads = options.threads;
    physics.margin = false;
    physics.bathtubs = false;
    physics.eye_heights = false;  // the link layer takes BERs, dead pixels and skews
    physics.end_of_life = false;  // the relay runs the link as built
    apply_physics(evaluate(spec, physics), cfg.physical_channels, opt.faults);
  }
  check_carried_skews(spec, opt.faults, "relay");
  // A failure after the last bit would silently never happen.
  const double run_s = relay_run_s(spec, options);
  const FieldInfo& failures = *find_field_in(study::RelayOptions::fields(), "failures");
  for (const auto& f : options.failures) {
    if (f.channel >= cfg.physical_channels || f.time_s > run_s)
      throw ConfigError(failures.key, study::format_timed_failure(f),
                        "CH@SECONDS with CH in 0.." + std::to_string(cfg.physical_channels - 1) +
                            " and SECONDS in [0, " + fmt::format("{:.6g}", run_s) +
                            "] (the run's length)");
    opt.faults.failures.push_back({f.channel, f.time_s});
  }
  if (options.fail_random > cfg.active_lanes())
    throw ConfigError("fail_random", std::to_string(options.fail_random),
                      "0.." + std::to_string(cfg.active_lanes()) + " (the active lanes)");
  // Drawn at link-up among the channels then in service, after training and early enough for
  // their swaps to complete within the run.
  opt.random_deaths = options.fail_random;
  opt.progress = progress;
  return link::run_relay(spec, opt);
}

}  // namespace mosaic

#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "command.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/reliability/fleet.hpp"
#include "mosaic/reliability/link_reliability.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/reliability_json.hpp"
#include "mosaic/report/report_json.hpp"
#include "mosaic_io/html_file.hpp"
#include "spec_options.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct FleetArgs {
  SpecRequest spec;
  std::int64_t links = 600000;
  std::optional<double> years;
  double confidence = 0.99;
  int threads = 0;
  bool json = false;
  std::string html;
};

std::string hours(double h) {
  if (!std::isfinite(h)) return "never";
  char buf[32];
  if (h < 48.0)
    std::snprintf(buf, sizeof buf, "%.3g h", h);
  else if (h < 2.0 * 8760.0)
    std::snprintf(buf, sizeof buf, "%.3g d", h / 24.0);
  else
    std::snprintf(buf, sizeof buf, "%.3g y", h / 8760.0);
  return buf;
}

int run_fleet(const FleetArgs& args) {
  const LinkSpec spec = load_spec(args.spec);
  reliability::FleetOptions o;
  o.links = args.links;
  o.years = args.years.value_or(spec.reliability.service_life_years);
  check_fleet_memory(o.links, o.years);
  o.confidence = args.confidence;
  o.threads = args.threads;
  TerminalProgress progress("fleet");
  o.progress = &progress;
  const reliability::FleetResult f = reliability::fleet_monte_carlo(spec, o);
  progress.finish();
  const reliability::LinkReliability closed = reliability::link_reliability(spec);
  if (!args.html.empty()) {
    nlohmann::json j = report::fleet_to_json(f);
    j["closed_form"] = report::reliability_to_json(closed);
    io::write_html_file(report::html_page_data(j, report::ReportKind::kFleet, spec), args.html);
  }
  if (args.json) {
    nlohmann::json j = report::header_json(invocation(), spec);
    j.update(report::fleet_to_json(f));
    j["closed_form"] = report::reliability_to_json(closed);
    std::cout << j.dump(1) << '\n';
    return 0;
  }
  const int ci = static_cast<int>(std::lround(100.0 * f.confidence));
  std::printf("Fleet of %lld links over %.3g years (seed %llu, %d %% intervals)\n",
              static_cast<long long>(f.links), f.years, static_cast<unsigned long long>(f.seed),
              ci);
  std::printf("%-6s %10s %22s %9s %12s %24s\n", "year", "failures", "interval", "outages",
              "fleet MTBF", "interval");
  for (const auto& y : f.per_year) {
    std::printf("%-6d %10lld [%9.1f, %9.1f] %9lld %12s [%10s, %10s]\n", y.year + 1,
                static_cast<long long>(y.failures), y.failures_ci.low, y.failures_ci.high,
                static_cast<long long>(y.outages), hours(y.mtbf_h).c_str(),
                hours(y.mtbf_ci_h.low).c_str(), hours(y.mtbf_ci_h.high).c_str());
  }
  std::printf("total  %10lld  (%lld out of spares, %lld common parts); %lld outages\n",
              static_cast<long long>(f.failures), static_cast<long long>(f.channel_failures),
              static_cast<long long>(f.common_failures), static_cast<long long>(f.outages));
  std::printf("Fleet time between failures %s  [%s, %s]\n", hours(f.mtbf_h).c_str(),
              hours(f.mtbf_ci_h.low).c_str(), hours(f.mtbf_ci_h.high).c_str());
  // An unbounded closed-form FIT means failure within the service life is certain.
  char fit[32] = "certain";
  if (std::isfinite(closed.link_fit)) std::snprintf(fit, sizeof fit, "%.4g", closed.link_fit);
  std::printf(
      "Fleet FIT per link %.4g  [%.4g, %.4g]   closed form: link FIT %s, AFR %.3g %%, "
      "MTTF %s\n",
      f.fleet_fit, f.fleet_fit_ci.low, f.fleet_fit_ci.high, fit, 100.0 * closed.afr,
      hours(closed.mttf_h).c_str());
  std::printf("First-life failure probability %.4g  [%.4g, %.4g]   closed form %.4g\n",
              f.first_life_failure_probability, f.first_life_failure_ci.low,
              f.first_life_failure_ci.high, closed.failure_probability);
  std::printf("Time     %.3g s (%.3g link-lifetimes/s)\n", f.wall_s, f.link_lifetimes_per_s);
  return 0;
}

const RegisterCommand kFleet(50, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<FleetArgs>();
  auto* cmd = parent.add_subcommand(
      "fleet",
      "Monte Carlo of a fleet of links over years: failures per year and time between failures "
      "with confidence intervals, failed links replaced after the MTTR");
  add_spec_options(*cmd, args->spec);
  cmd->add_option("--links", args->links, "Link positions in the fleet")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1000000000}));
  cmd->add_option_function<double>(
         "--years",
         [args](double v) {
           if (!(v > 0.0 && v <= 1000.0))
             throw ConfigError("--years", std::to_string(v), "a number in (0, 1000]");
           args->years = v;
         },
         "Years observed (default: reliability.service_life_years)")
      ->type_name("Y");
  cmd->add_option("--confidence", args->confidence, "Confidence level of every interval")
      ->check(CLI::Range(0.5, 0.999999));
  cmd->add_option("--threads", args->threads,
                  "Worker threads (0 = all cores); results do not depend on it")
      ->check(CLI::Range(0, 1024));
  cmd->add_flag("--json", args->json, "Print the result as JSON, closed form included");
  cmd->add_option("--html", args->html, "Also write a self-contained HTML report to FILE")
      ->type_name("FILE");
  return [args] { return run_fleet(*args); };
});

}  // namespace
}  // namespace mosaic::cli

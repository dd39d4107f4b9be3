#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "command.hpp"
#include "mosaic/report/validation.hpp"

namespace mosaic::cli {
namespace {

std::string range_text(const report::ValidationPoint& p) {
  char buf[96];
  if (p.lower <= 0.0) {
    std::snprintf(buf, sizeof buf, "< %.0e", p.upper);
  } else {
    std::snprintf(buf, sizeof buf, "%c%.1e, %.1e]", p.lower_inclusive ? '[' : '(', p.lower,
                  p.upper);
  }
  std::string s = buf;
  if (p.error_free) s += ", worst < 1e-12";
  return s;
}

std::string ber(double log10_ber) {
  char buf[32];
  if (log10_ber < -300) {
    std::snprintf(buf, sizeof buf, "1e%.0f", log10_ber);
  } else {
    std::snprintf(buf, sizeof buf, "%.1e", std::pow(10.0, log10_ber));
  }
  return buf;
}

const RegisterCommand kValidate(20, [](CLI::App& parent) -> Runner {
  auto threads = std::make_shared<int>(0);
  auto seeds = std::make_shared<int>(20);
  auto* cmd = parent.add_subcommand(
      "validate",
      "Run the model at each published MOSAIC measurement (prototype and 800G module) over "
      "array seeds 1..N; a point holds when at least 95 % of the seeds put the median BER in its "
      "tolerance (and, for the error-free points, the worst active channel below 1e-12); exit 0 "
      "only when every point holds");
  cmd->add_option("--threads", *threads, "Worker threads (0 = all cores)")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--seeds", *seeds, "Array seeds per point, 1..N (default 20)")
      ->check(CLI::Range(1, 10000));
  return [threads, seeds] {
    const auto points = report::run_validation(*threads, *seeds);
    std::printf("%-25s %-10s %-30s %-9s %-9s %-15s %-8s %s\n", "point", "rate Gb/s",
                "tolerance (median BER)", "median", "worst", "worst (any seed)", "seeds", "result");
    bool all = true;
    for (const auto& p : points) {
      char frac[24];
      std::snprintf(frac, sizeof frac, "%d/%d", p.seeds_passing, p.seeds);
      std::printf("%-25s %-10.3f %-30s %-9s %-9s %-15s %-8s %s\n", p.name.c_str(), p.rate_used_gbps,
                  range_text(p).c_str(), ber(p.log10_median_ber).c_str(),
                  ber(p.log10_worst_ber).c_str(), ber(p.log10_worst_worst_ber).c_str(), frac,
                  p.pass ? "pass" : "FAIL");
      all = all && p.pass;
    }
    std::printf(
        "median, worst: medians over the seeds of the link's median BER and of its worst "
        "active channel\n");
    std::printf("%s\n", all ? "all published points reproduced" : "validation FAILED");
    return all ? 0 : 1;
  };
});

}  // namespace
}  // namespace mosaic::cli

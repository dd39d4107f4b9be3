#include <cmath>
#include <cstdio>
#include <memory>

#include "command.hpp"
#include "mosaic/report/validation.hpp"

namespace mosaic::cli {
namespace {

std::string range_text(const report::ValidationPoint& p) {
  char buf[96];
  if (p.lower <= 0.0) {
    std::snprintf(buf, sizeof buf, "< %.1e", p.upper);
  } else {
    std::snprintf(buf, sizeof buf, "%c%.1e, %.1e]", p.lower_inclusive ? '[' : '(', p.lower,
                  p.upper);
  }
  return buf;
}

const RegisterCommand kValidate(20, [](CLI::App& parent) -> Runner {
  auto threads = std::make_shared<int>(0);
  auto* cmd = parent.add_subcommand(
      "validate",
      "Run the model at each published MOSAIC measurement (prototype and 800G module) and check "
      "the median BER against its tolerance; exit 0 only when all pass");
  cmd->add_option("--threads", *threads, "Worker threads (0 = all cores)")
      ->check(CLI::Range(0, 1024));
  return [threads] {
    const auto points = report::run_validation(*threads);
    std::printf("%-26s %-45s %-22s %-12s %s\n", "point", "published", "tolerance (median BER)",
                "model", "result");
    bool all = true;
    for (const auto& p : points) {
      std::printf("%-26s %-45s %-22s %-12.2e %s\n", p.name.c_str(), p.published.c_str(),
                  range_text(p).c_str(), p.model_median_ber, p.pass ? "pass" : "FAIL");
      all = all && p.pass;
    }
    std::printf("%s\n", all ? "all published points reproduced" : "validation FAILED");
    return all ? 0 : 1;
  };
});

}  // namespace
}  // namespace mosaic::cli

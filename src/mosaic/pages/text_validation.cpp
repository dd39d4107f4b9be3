#include <fmt/format.h>

#include <cmath>

#include "mosaic/pages/text_pages.hpp"

namespace mosaic::pages {
namespace {

std::string range_text(const ValidationPoint& p) {
  std::string s = p.lower <= 0.0 ? fmt::format("< {:.0e}", p.upper)
                                 : fmt::format("{}{:.1e}, {:.1e}]", p.lower_inclusive ? '[' : '(',
                                               p.lower, p.upper);
  if (p.error_free) s += ", worst < 1e-12";
  return s;
}

std::string ber(double log10_ber) {
  if (log10_ber < -300) return fmt::format("1e{:.0f}", log10_ber);
  return fmt::format("{:.1e}", std::pow(10.0, log10_ber));
}

}  // namespace

std::string validation_text(const std::vector<ValidationPoint>& points) {
  std::string out =
      fmt::format("{:<25} {:<10} {:<30} {:<9} {:<9} {:<15} {:<8} {}\n", "point", "rate Gb/s",
                  "tolerance (median BER)", "median", "worst", "worst (any seed)", "seeds", "result");
  bool all = true;
  for (const auto& p : points) {
    out += fmt::format("{:<25} {:<10.3f} {:<30} {:<9} {:<9} {:<15} {:<8} {}\n", p.name,
                       p.rate_used_gbps, range_text(p), ber(p.log10_median_ber),
                       ber(p.log10_worst_ber), ber(p.log10_worst_worst_ber),
                       fmt::format("{}/{}", p.seeds_passing, p.seeds), p.pass ? "pass" : "FAIL");
    all = all && p.pass;
  }
  out += "median, worst: medians over the seeds of the link's median BER and of its worst active "
         "channel\n";
  out += all ? "all published points reproduced\n" : "validation FAILED\n";
  return out;
}

}  // namespace mosaic::pages

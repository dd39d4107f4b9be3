#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/enum_names.hpp"
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
  std::string out = fmt::format("{:<25} {:<10} {:<30} {:<9} {:<9} {:<15} {:<8} {}\n", "point",
                                "rate Gb/s", "tolerance (median BER)", "median", "worst",
                                "worst (any seed)", "seeds", "result");
  bool all = true;
  for (const auto& p : points) {
    out += fmt::format("{:<25} {:<10.3f} {:<30} {:<9} {:<9} {:<15} {:<8} {}\n", p.name,
                       p.rate_used_gbps, range_text(p), ber(p.log10_median_ber),
                       ber(p.log10_worst_ber), ber(p.log10_worst_worst_ber),
                       fmt::format("{}/{}", p.seeds_passing, p.seeds), p.pass ? "pass" : "FAIL");
    all = all && p.pass;
  }
  out +=
      "median, worst: medians over the seeds of the link's median BER and of its worst active "
      "channel\n";
  out += all ? "all published points reproduced\n" : "validation FAILED\n";
  return out;
}

std::string ensemble_validation_text(const std::vector<MemberValidation>& members,
                                     const CalibrationEnsemble& ensemble) {
  std::string out = fmt::format(
      "{} members of the calibration ensemble, each point over {} seeds\n", members.size(),
      members.empty() || members[0].points.empty() ? 0 : members[0].points[0].seeds);
  out += fmt::format("{:<7}", "member");
  if (!members.empty())
    for (std::size_t i = 0; i < members[0].points.size(); ++i)
      out += fmt::format(" {:<13}", fmt::format("point {}", i + 1));
  out += " result\n";
  bool all = true;
  for (const auto& m : members) {
    out += fmt::format("{:<7}", m.member);
    for (const auto& p : m.points)
      out += fmt::format(
          " {:<13}", fmt::format("{} {}/{}", ber(p.log10_median_ber), p.seeds_passing, p.seeds));
    out += m.pass() ? " pass\n" : " FAIL\n";
    all = all && m.pass();
  }
  if (!members.empty())
    for (std::size_t i = 0; i < members[0].points.size(); ++i)
      out += fmt::format("point {}: {} ({})\n", i + 1, members[0].points[i].name,
                         range_text(members[0].points[i]));
  out += "each cell: the median over the seeds of the link's median BER, and the seeds passing\n";
  out +=
      all ? fmt::format("all published points reproduced on every member ({} candidates drawn)\n",
                        ensemble.candidates)
          : "ensemble validation FAILED\n";
  return out;
}

std::string calibration_text(const CalibrationEnsemble& e) {
  std::string out = fmt::format(
      "{} members kept: the nominal set and {} of {} candidates (seed {}), every point holding at "
      "array seeds 1..{} and in validate over seeds 1..{}\n",
      e.members.size(), e.members.size() - 1, e.candidates, e.seed, e.acceptance_seeds,
      e.validation_seeds);
  out += fmt::format("{:<26} {:<28} {:<7} {:>9} {:>19} {:>19}\n", "parameter", "key", "kind",
                     "nominal", "prior", "ensemble");
  for (std::size_t i = 0; i < e.priors.size(); ++i) {
    const auto& p = e.priors[i];
    double lo = p.nominal;
    double hi = p.nominal;
    for (const auto& m : e.members) {
      lo = std::min(lo, m.values[i]);
      hi = std::max(hi, m.values[i]);
    }
    out += fmt::format("{:<26} {:<28} {:<7} {:>9.4g} {:>19} {:>19}\n", p.name, p.key,
                       enum_name(p.kind), p.nominal, fmt::format("[{:.4g}, {:.4g}]", p.lo, p.hi),
                       fmt::format("[{:.4g}, {:.4g}]", lo, hi));
  }
  return out;
}

}  // namespace mosaic::pages

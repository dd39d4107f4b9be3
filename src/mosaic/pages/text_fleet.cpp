#include <fmt/format.h>

#include <cmath>

#include "mosaic/pages/text_numbers.hpp"
#include "mosaic/pages/text_pages.hpp"

namespace mosaic::pages {
std::string fleet_text(const nlohmann::json& f) {
  const auto& closed = f.at("closed_form");
  std::string out;
  const int ci = static_cast<int>(std::lround(100.0 * f.at("confidence").get<double>()));
  out += fmt::format("Fleet of {} links over {:.3g} years (seed {}, {} % intervals)\n",
                     f.at("links").get<long long>(), f.at("years").get<double>(),
                     f.at("seed").get<unsigned long long>(), ci);
  out += fmt::format("{:<6} {:>10} {:>22} {:>9} {:>12} {:>24}\n", "year", "failures", "interval",
                     "outages", "fleet MTBF", "interval");
  for (const auto& y : f.at("per_year")) {
    const auto& fci = y.at("failures_ci");
    const auto& mci = y.at("mtbf_ci_h");
    out += fmt::format("{:<6} {:>10} [{:>9.1f}, {:>9.1f}] {:>9} {:>12} [{:>10}, {:>10}]\n",
                       y.at("year").get<int>(), y.at("failures").get<long long>(),
                       fci[0].get<double>(), fci[1].get<double>(), y.at("outages").get<long long>(),
                       record_hours(y.at("mtbf_h")), record_hours(mci[0]), record_hours(mci[1]));
  }
  out += fmt::format("total  {:>10}  ({} out of spares, {} common parts); {} outages\n",
                     f.at("failures").get<long long>(), f.at("channel_failures").get<long long>(),
                     f.at("common_failures").get<long long>(), f.at("outages").get<long long>());
  const auto& mtbf_ci = f.at("mtbf_ci_h");
  out += fmt::format("Fleet time between failures {}  [{}, {}]\n", record_hours(f.at("mtbf_h")),
                     record_hours(mtbf_ci[0]), record_hours(mtbf_ci[1]));
  const auto& fit_ci = f.at("fleet_fit_ci");
  out += fmt::format(
      "Fleet FIT per link {}  [{}, {}]   closed form: link FIT {}, AFR {:.3g} %, MTTF {}\n",
      record_number(f.at("fleet_fit")), record_number(fit_ci[0]), record_number(fit_ci[1]),
      record_number(closed.at("link_fit")), 100.0 * closed.at("afr").get<double>(),
      record_hours(closed.at("mttf_h")));
  const auto& first_ci = f.at("first_life_failure_ci");
  out += fmt::format(
      "First-life failure probability {:.4g}  [{:.4g}, {:.4g}]   closed form {:.4g}\n",
      f.at("first_life_failure_probability").get<double>(), first_ci[0].get<double>(),
      first_ci[1].get<double>(), closed.at("failure_probability_over_life").get<double>());
  out += fmt::format("Time     {:.3g} s ({:.3g} link-lifetimes/s)\n", f.at("wall_s").get<double>(),
                     f.at("link_lifetimes_per_s").get<double>());
  return out;
}

}  // namespace mosaic::pages

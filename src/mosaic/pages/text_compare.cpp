#include <fmt/format.h>

#include <cmath>

#include "mosaic/pages/text_pages.hpp"

namespace mosaic::pages {

std::string compare_text(const power::Comparison& cmp, const std::string& catalog_origin) {
  const double design_w_per_end = cmp.rows.back().w_per_end;  // the design is the last row
  std::string out;
  out += fmt::format("Cable {:.3g} m, {:.0f}G class; catalog {}\n", cmp.cable_m, cmp.rate_gbps,
                     catalog_origin);
  out +=
      fmt::format("{:<50} {:>8} {:>6} {:>7} {:>7} {:>9} {:>8} {:>8} {:>8}\n", "technology",
                  "reach_m", "reach?", "W/end", "pJ/bit", "link_FIT", "lat_ns", "saving", "FIT_x");
  for (const auto& r : cmp.rows) {
    std::string saving = "-", ratio = "-";
    // A row that needs less power than the design shows how many watts more the design takes.
    if (!r.is_design && r.design_power_saving >= 0.0)
      saving = fmt::format("{:.0f}%", 100.0 * r.design_power_saving);
    else if (!r.is_design)
      saving = fmt::format("+{:.2g}W", design_w_per_end - r.w_per_end);
    if (r.fit_ratio > 0.0) ratio = fmt::format("{:.3g}x", r.fit_ratio);
    // A link that fails with certainty has no finite FIT; say so rather than print "inf".
    const std::string fit =
        std::isfinite(r.link_fit) ? fmt::format("{:.3g}", r.link_fit) : std::string("certain");
    out += fmt::format("{:<50} {:>8.4g} {:>6} {:>7.2f} {:>7.2f} {:>9} {:>8.3g} {:>8} {:>8}\n",
                       r.name, r.reach_m, r.reaches ? "yes" : "NO", r.w_per_end, r.pj_per_bit, fit,
                       r.latency_ns, saving, ratio);
  }
  out += fmt::format(
      "\nreach? NO = cannot span {:.3g} m (infeasible). saving = power per end the design saves "
      "against that row (+W: the design needs that much more). FIT_x = that row's link FIT / the "
      "design's.\nEvery catalog figure carries a source in {} (the JSON record carries them).\n",
      cmp.cable_m, catalog_origin);
  return out;
}

}  // namespace mosaic::pages

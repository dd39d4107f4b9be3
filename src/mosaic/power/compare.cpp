#include "mosaic/power/compare.hpp"

#include <cmath>
#include <limits>

namespace mosaic::power {

Comparison compare(const DesignFigures& design, const BaselineCatalog& catalog, double cable_m) {
  Comparison c;
  c.cable_m = cable_m;
  // Rate classes differ by factors of two, so "closest" is measured on a log scale.
  double best = std::numeric_limits<double>::infinity();
  for (const auto& b : catalog.entries) {
    const double d = std::abs(std::log(b.rate_gbps / design.rate_gbps));
    if (d < best - 1e-12) {
      best = d;
      c.rate_gbps = b.rate_gbps;
    }
  }
  for (const auto& b : catalog.entries) {
    if (b.rate_gbps != c.rate_gbps) continue;
    ComparisonRow r;
    r.id = b.id;
    r.name = b.name;
    r.rate_gbps = b.rate_gbps;
    r.reach_m = b.reach_m;
    r.reaches = b.reach_m >= cable_m;
    r.w_per_end = b.w_per_end;
    r.pj_per_bit = b.w_per_end / b.rate_gbps * 1e3;
    r.link_fit = b.link_fit;
    r.latency_ns = b.latency_ns;
    r.design_power_saving = b.w_per_end > 0.0 ? 1.0 - design.w_per_end / b.w_per_end : 0.0;
    r.fit_ratio = design.link_fit > 0.0 ? b.link_fit / design.link_fit : 0.0;
    r.source = "reach: " + b.reach_source + "; power: " + b.power_source +
               "; FIT: " + b.fit_source + "; latency: " + b.latency_source;
    c.rows.push_back(std::move(r));
  }
  ComparisonRow d;
  d.id = "design";
  d.name = design.name;
  d.is_design = true;
  d.rate_gbps = design.rate_gbps;
  d.reach_m = design.reach_m;
  d.reaches = design.reach_m >= cable_m;
  d.w_per_end = design.w_per_end;
  d.pj_per_bit = design.w_per_end / design.rate_gbps * 1e3;
  d.link_fit = design.link_fit;
  d.latency_ns = design.latency_ns;
  d.fit_ratio = design.link_fit > 0.0 ? 1.0 : 0.0;
  d.source = "this model (power::budget, reliability::link_reliability)";
  c.rows.push_back(std::move(d));
  c.assumptions = {
      "compare: catalog figures are typical per-end powers and per-link FIT of each technology "
      "as cited in the catalog's source fields; estimates are marked there",
      "compare: a technology reaches the cable length if its specified reach is at least that "
      "long; the design's reach is its rated reach, not a physics run",
      "compare: latency excludes time of flight (about 5 ns/m in fiber and copper alike)",
  };
  if (std::abs(std::log(c.rate_gbps / design.rate_gbps)) > 0.05)
    c.assumptions.push_back(
        "compare: no catalog entries at the design's rate; rows are the "
        "closest rate class available");
  return c;
}

}  // namespace mosaic::power

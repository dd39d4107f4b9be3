#include "mosaic/power/compare.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

namespace mosaic::power {
namespace {

// The figures every row shares, baseline or design; FIT ratio against the design.
ComparisonRow make_row(std::string id, std::string name, double rate_gbps, double reach_m,
                       double w_per_end, double link_fit, double latency_ns, double cable_m,
                       const DesignFigures& design) {
  ComparisonRow r;
  r.id = std::move(id);
  r.name = std::move(name);
  r.rate_gbps = rate_gbps;
  r.reach_m = reach_m;
  r.reaches = reach_m >= cable_m;
  r.w_per_end = w_per_end;
  r.pj_per_bit = w_per_end / rate_gbps * 1e3;
  r.link_fit = link_fit;
  r.latency_ns = latency_ns;
  r.fit_ratio = design.link_fit > 0.0 ? link_fit / design.link_fit : 0.0;
  return r;
}

}  // namespace

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
    ComparisonRow r = make_row(b.id, b.name, b.rate_gbps, b.reach_m, b.w_per_end, b.link_fit,
                               b.latency_ns, cable_m, design);
    r.design_power_saving = b.w_per_end > 0.0 ? 1.0 - design.w_per_end / b.w_per_end : 0.0;
    r.source = "reach: " + b.reach_source + "; power: " + b.power_source +
               "; FIT: " + b.fit_source + "; latency: " + b.latency_source;
    c.rows.push_back(std::move(r));
  }
  ComparisonRow d = make_row("design", design.name, design.rate_gbps, design.reach_m,
                             design.w_per_end, design.link_fit, design.latency_ns, cable_m, design);
  d.is_design = true;
  d.source = "this model (power::budget, reliability::link_reliability)";
  c.rows.push_back(std::move(d));
  c.assumptions = {
      "compare: catalog figures are typical per-end powers and per-link FIT of each technology "
      "as cited in the catalog's source fields; estimates are marked there",
      design.reach_from_physics
          ? "compare: a technology reaches the cable length if its reach is at least that long: "
            "the catalog's specified reach for the baselines, for the design the longest fiber "
            "at which its own physics meets its verdict (now and at end of life)"
          : "compare: a technology reaches the cable length if its specified reach is at least "
            "that long; the design's reach is its rated reach, not a physics run",
      "compare: latency excludes time of flight (about 5 ns/m in fiber and copper alike)",
  };
  if (std::abs(design.case_temperature_c - design.reference_temperature_c) > 0.05) {
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "compare: the design's link FIT is at its %.0f degC case (Arrhenius on its "
                  "thermally activated parts); catalog FITs are quoted at typical conditions and "
                  "are not temperature-scaled (the design at %.0f degC: %.3g FIT), so the "
                  "baselines at %.0f degC would fail more often than listed",
                  design.case_temperature_c, design.reference_temperature_c,
                  design.link_fit_at_reference, design.case_temperature_c);
    c.assumptions.push_back(buf);
  }
  if (std::abs(std::log(c.rate_gbps / design.rate_gbps)) > 0.05)
    c.assumptions.push_back(
        "compare: no catalog entries at the design's rate; rows are the "
        "closest rate class available");
  return c;
}

}  // namespace mosaic::power

#include "mosaic/cluster/technology.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic::cluster {
namespace {

bool same_rate(double a, double b) {
  return std::abs(a - b) <= 1e-6 * std::max(a, b);
}

Medium medium_of(const std::string& technology) {
  return is_copper(technology) ? Medium::kCopper : Medium::kOptical;
}

const power::Baseline* find_entry(const power::BaselineCatalog& catalog, const std::string& id,
                                  double rate_gbps) {
  for (const auto& b : catalog.entries)
    if (b.technology == id && same_rate(b.rate_gbps, rate_gbps)) return &b;
  return nullptr;
}

Technology from_catalog(const power::Baseline& b) {
  Technology t;
  t.id = b.technology;
  t.name = b.name;
  t.catalog_id = b.id;
  t.medium = medium_of(b.technology);
  t.rate_gbps = b.rate_gbps;
  t.reach_m = b.reach_m;
  t.w_per_end = b.w_per_end;
  t.link_fit = b.link_fit;
  t.latency_ns = b.latency_ns;
  t.source = "reach: " + b.reach_source + "; power: " + b.power_source + "; FIT: " + b.fit_source +
             "; latency: " + b.latency_source;
  return t;
}

Technology from_design(const MosaicFigures& m) {
  Technology t;
  t.id = kMosaicId;
  t.name = "MOSAIC (" + m.design + ")";
  t.medium = Medium::kMosaic;
  t.rate_gbps = m.rate_gbps;
  t.reach_m = m.reach_m;
  t.w_per_end = m.w_per_end;
  t.link_fit = m.link_fit;
  t.latency_ns = m.latency_ns;
  t.source = fmt::format(
      "the design's own models: reach = the longest fiber.length_m at which it meets its "
      "verdict, W per end from power::budget, link FIT from reliability::link_reliability at "
      "{:g} degC",
      m.case_temperature_c);
  return t;
}

void apply_adjust(Technology& t, const TechnologyAdjust& a) {
  double* target = a.field == "w_per_end"  ? &t.w_per_end
                   : a.field == "link_fit" ? &t.link_fit
                   : a.field == "reach_m"  ? &t.reach_m
                                           : &t.latency_ns;
  *target = a.value;
  t.adjusted.push_back(a.field + "=" + format_number(a.value));
}

}  // namespace

bool is_copper(const std::string& t) {
  return t == "dac" || t == "acc" || t == "aec";
}

std::vector<std::string> catalog_technologies(const power::BaselineCatalog& catalog,
                                              double rate_gbps) {
  std::vector<std::string> out;
  for (const auto& b : catalog.entries)
    if (same_rate(b.rate_gbps, rate_gbps) &&
        std::find(out.begin(), out.end(), b.technology) == out.end())
      out.push_back(b.technology);
  return out;
}

std::string known_technologies(const power::BaselineCatalog& catalog, double rate_gbps) {
  std::set<std::string> names;
  for (const auto& b : catalog.entries)
    if (same_rate(b.rate_gbps, rate_gbps)) names.insert(b.technology);
  std::string out;
  for (const auto& n : names) out += n + ", ";
  return out + kMosaicId;
}

std::vector<Technology> resolve_technologies(const std::vector<std::string>& names,
                                             const std::string& field, const ClusterSpec& spec,
                                             const power::BaselineCatalog& catalog,
                                             const MosaicFigures& mosaic) {
  const double rate = spec.links.rate_gbps;
  const std::string known = known_technologies(catalog, rate);
  for (const auto& a : spec.links.adjust) {
    if (a.technology == kMosaicId)
      throw ConfigError("links.adjust", "\"" + format_technology_adjust(a) + "\"",
                        "an adjustment of a catalog technology",
                        "MOSAIC's figures come from its design: change it with links.mosaic_set");
    if (!find_entry(catalog, a.technology, rate))
      throw ConfigError("links.adjust", "\"" + format_technology_adjust(a) + "\"",
                        fmt::format("TECH:FIELD=VALUE with TECH one of the catalog's at {:g} "
                                    "Gb/s: {}",
                                    rate, known));
  }
  std::vector<Technology> out;
  for (const auto& name : names) {
    Technology t;
    if (name == kMosaicId) {
      t = from_design(mosaic);
    } else if (const power::Baseline* b = find_entry(catalog, name, rate)) {
      t = from_catalog(*b);
    } else {
      throw ConfigError(field, "\"" + name + "\"",
                        fmt::format("technologies at links.rate_gbps = {:g} in {}: {}", rate,
                                    catalog.origin, known));
    }
    for (const auto& a : spec.links.adjust)
      if (a.technology == t.id) apply_adjust(t, a);
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace mosaic::cluster

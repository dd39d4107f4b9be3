#include <charconv>
#include <cmath>

#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

constexpr const char* kAdjustFields[] = {"w_per_end", "link_fit", "reach_m", "latency_ns"};

[[noreturn]] void bad(const std::string& text, const FieldInfo& field) {
  throw ConfigError(field.key, "\"" + text + "\"", field.allowed());
}

bool technology_name(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (const char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
  return true;
}

// A technology's name; whether the catalog knows it is checked with the catalog in hand.
std::string parse_technology(const std::string& text, const FieldInfo& field) {
  if (!technology_name(text)) bad(text, field);
  return text;
}

std::string same(const std::string& s) {
  return s;
}

// A design override as --set takes it: KEY=VALUE with KEY a design key (its value is checked
// when the design is built).
std::string parse_design_override(const std::string& text, const FieldInfo& field) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || !find_field(text.substr(0, eq))) bad(text, field);
  return text;
}

}  // namespace

TechnologyAdjust parse_technology_adjust(const std::string& text, const FieldInfo& field) {
  const auto colon = text.find(':');
  const auto eq = text.find('=');
  if (colon == std::string::npos || eq == std::string::npos || eq < colon) bad(text, field);
  TechnologyAdjust a;
  a.technology = text.substr(0, colon);
  a.field = text.substr(colon + 1, eq - colon - 1);
  const std::string number = text.substr(eq + 1);
  bool known = false;
  for (const char* f : kAdjustFields) known = known || a.field == f;
  const auto [p, ec] = std::from_chars(number.data(), number.data() + number.size(), a.value);
  if (!technology_name(a.technology) || !known || ec != std::errc{} ||
      p != number.data() + number.size() || !std::isfinite(a.value) || a.value < 0.0 ||
      a.value > 1e9)
    bad(text, field);
  return a;
}

std::string format_technology_adjust(const TechnologyAdjust& a) {
  return a.technology + ":" + a.field + "=" + format_number(a.value);
}

void add_technology_fields(std::vector<ClusterField>& out) {
  using namespace cluster_schema;
  using S = ClusterSpec;
  using L = LinksSpec;
  out.push_back(list("links.technologies", &S::links, &L::technologies,
                     "technology names (dac, acc, aec, aoc, mmf-dsp, smf-dsp, lpo, lro, cpo, "
                     "mosaic)",
                     "Technologies allowed; each cable gets the one with the fewest watts per "
                     "end that reaches it",
                     parse_technology, same));
  out.push_back(real("links.rate_gbps", &S::links, &L::rate_gbps, 100.0, 1e5, "Gb/s",
                     "Rate of one cable (module), per direction: the catalog's rate class"));
  out.push_back(list("links.adjust", &S::links, &L::adjust,
                     "TECH:FIELD=VALUE with FIELD one of w_per_end, link_fit, reach_m, "
                     "latency_ns",
                     "Changes to a technology's catalog figures, e.g. smf-dsp:w_per_end=12",
                     parse_technology_adjust, format_technology_adjust));
  out.push_back(text("links.mosaic_preset", &S::links, &L::mosaic_preset, "a design preset",
                     "The MOSAIC design: a built-in design (a preset of `mosaic simulate`)"));
  out.push_back(
      schema::path(text("links.mosaic_design", &S::links, &L::mosaic_design, "a design file (TOML)",
                        "The MOSAIC design from a file instead (relative to the "
                        "cluster file)")));
  out.push_back(list("links.mosaic_set", &S::links, &L::mosaic_set, "KEY=VALUE design overrides",
                     "Design keys of the MOSAIC design, as KEY=VALUE overrides",
                     parse_design_override, same));
  out.push_back(real("links.reach_tolerance_m", &S::links, &L::reach_tolerance_m, 0.01, 100.0, "m",
                     "Resolution of the search for the MOSAIC design's reach"));
  out.push_back(list("links.compare", &S::links, &L::compare, "technology names",
                     "Technologies the compare option puts side by side (each alone, the cluster's "
                     "own set where it cannot reach)",
                     parse_technology, same));

  using F = FleetSavingsSpec;
  out.push_back(real("fleet.cables_per_year", &S::fleet, &F::cables_per_year, 0.0, 1e12, "",
                     "Cables deployed per year by the fleet the saving is counted over"));
  out.push_back(text("fleet.baseline", &S::fleet, &F::baseline, "a technology name",
                     "The technology MOSAIC replaces"));
  out.push_back(optional_real("fleet.baseline_w_per_end", &S::fleet, &F::baseline_w_per_end, 0.0,
                              1e4, "W", "Watts per end of the baseline (default: the catalog's)"));
  out.push_back(optional_real("fleet.mosaic_w_per_end", &S::fleet, &F::mosaic_w_per_end, 0.0, 1e4,
                              "W", "Watts per end of MOSAIC (default: the design's)"));
  out.push_back(real("fleet.home_kwh_per_year", &S::fleet, &F::home_kwh_per_year, 1.0, 1e6,
                     "kWh/yr",
                     "Electricity of one home per year (US 10,715; UK 2,700; docs/cluster.md)"));
}

}  // namespace mosaic

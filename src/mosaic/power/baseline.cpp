#include "mosaic/power/baseline.hpp"

#include <toml++/toml.h>

#include <sstream>

#include "mosaic/core/error.hpp"

namespace mosaic::power {
namespace {

std::string entry_field(const std::string& id, const char* key) {
  return "baseline[" + id + "]." + key;
}

std::string require_string(const toml::table& t, const std::string& id, const char* key) {
  const auto v = t[key].value<std::string>();
  if (!v || v->empty()) throw ConfigError(entry_field(id, key), "missing", "a non-empty string");
  return *v;
}

double require_number(const toml::table& t, const std::string& id, const char* key, double lo,
                      double hi) {
  const auto v = t[key].value<double>();
  if (!v) throw ConfigError(entry_field(id, key), "missing", "a number");
  if (!(*v >= lo && *v <= hi))
    throw ConfigError(entry_field(id, key), std::to_string(*v),
                      "a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return *v;
}

}  // namespace

BaselineCatalog parse_baseline_catalog(std::string_view toml_text, std::string origin) {
  toml::table root;
  try {
    root = toml::parse(toml_text, origin);
  } catch (const toml::parse_error& e) {
    std::ostringstream where;
    where << e.source().begin;
    throw ConfigError(origin, "unparsable TOML at " + where.str(), "a valid TOML baseline catalog",
                      std::string(e.description()));
  }
  const toml::array* list = root["baseline"].as_array();
  if (!list || list->empty())
    throw ConfigError(origin + ": baseline", "missing", "one or more [[baseline]] tables");
  BaselineCatalog catalog;
  catalog.origin = std::move(origin);
  for (const auto& node : *list) {
    const toml::table* t = node.as_table();
    if (!t) throw ConfigError("baseline", "not a table", "[[baseline]] tables");
    Baseline b;
    b.id = require_string(*t, "?", "id");
    b.name = require_string(*t, b.id, "name");
    b.technology = require_string(*t, b.id, "technology");
    b.rate_gbps = require_number(*t, b.id, "rate_gbps", 1.0, 1e6);
    b.reach_m = require_number(*t, b.id, "reach_m", 0.0, 1e6);
    b.w_per_end = require_number(*t, b.id, "w_per_end", 0.0, 1e4);
    b.link_fit = require_number(*t, b.id, "link_fit", 0.0, 1e9);
    b.latency_ns = require_number(*t, b.id, "latency_ns", 0.0, 1e6);
    // A figure without a source is not allowed into a comparison.
    b.reach_source = require_string(*t, b.id, "reach_source");
    b.power_source = require_string(*t, b.id, "power_source");
    b.fit_source = require_string(*t, b.id, "fit_source");
    b.latency_source = require_string(*t, b.id, "latency_source");
    b.notes = t->at_path("notes").value_or(std::string{});
    for (const auto& other : catalog.entries)
      if (other.id == b.id) throw ConfigError("baseline.id", b.id, "unique ids");
    catalog.entries.push_back(std::move(b));
  }
  return catalog;
}

}  // namespace mosaic::power

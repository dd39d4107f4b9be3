#pragma once

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

namespace mosaic::pages {

// A record's number as text; a record's word where it holds one instead ("never", "undefined",
// "refused"), and "-" where there is neither.
inline std::string record_number(const nlohmann::json& v, const char* format = "{:.4g}") {
  if (v.is_number()) return fmt::format(fmt::runtime(format), v.get<double>());
  return v.is_string() ? v.get<std::string>() : "-";
}

// A time in hours as the record writes it, in the unit that reads best (min, h, d, y).
inline std::string record_hours(const nlohmann::json& h) {
  if (!h.is_number()) return record_number(h);
  const double v = h.get<double>();
  if (v < 1.0) return fmt::format("{:.3g} min", v * 60.0);
  if (v < 48.0) return fmt::format("{:.3g} h", v);
  if (v < 2.0 * 8760.0) return fmt::format("{:.3g} d", v / 24.0);
  return fmt::format("{:.3g} y", v / 8760.0);
}

}  // namespace mosaic::pages

#include "mosaic/sweep/point_columns.hpp"

#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "mosaic/evaluate/columns.hpp"

namespace mosaic::sweep {
namespace {

using Report = Evaluation;
using Value = std::optional<double>;

// A cell as a stored number: counts and flags as integers, BERs and other reals as doubles.
Value as_number(const CellValue& cell) {
  if (const auto* i = std::get_if<std::int64_t>(&cell)) return static_cast<double>(*i);
  if (const auto* b = std::get_if<bool>(&cell)) return *b ? 1.0 : 0.0;
  if (const auto* d = std::get_if<double>(&cell)) return *d;
  return std::nullopt;
}

// The unit a link column's name carries in its suffix ("" for counts, flags and BERs).
std::string unit_of(std::string_view name) {
  static constexpr std::pair<std::string_view, std::string_view> kSuffixes[] = {
      {"_db", "dB"}, {"_ns", "ns"}, {"_ps", "ps"}, {"_gbps", "Gb/s"}, {"_ghz", "GHz"}};
  for (const auto& [suffix, unit] : kSuffixes)
    if (name.ends_with(suffix)) return std::string(unit);
  return "";
}

std::vector<PointColumn> make_columns() {
  std::vector<PointColumn> c;
  auto real = [&](std::string name, std::string unit, std::string doc, auto f) {
    c.push_back({std::move(name), std::move(unit), std::move(doc), false,
                 [f](const Report& r) -> Value { return f(r); }});
  };
  real("power.per_end_w", "W", "power of one link end",
       [](const Report& r) { return r.power.per_end_w; });
  real("power.per_link_w", "W", "power of both ends",
       [](const Report& r) { return r.power.per_link_w; });
  real("power.pj_per_bit", "pJ/bit", "per end, per payload bit",
       [](const Report& r) { return r.power.pj_per_bit; });
  // The link summary: every scalar of the report's `link` object, from its one column table.
  for (const EvaluationColumn& e : evaluation_columns()) {
    c.push_back(
        {"link." + e.name, unit_of(e.name), e.doc, e.integer, [&e](const Report& r) -> Value {
           if (!e.present(r)) return std::nullopt;
           return as_number(e.get(r));
         }});
  }
  c.push_back({"link.meets_kp4", "",
               "1 when every active channel is at or below 2.4e-4, none is short and capacity "
               "holds",
               true, [](const Report& r) -> Value {
                 const auto& l = r.link();
                 return l.over_threshold == 0 && l.active_short == 0 && l.capacity_ok ? 1.0 : 0.0;
               }});
  real("reliability.link_fit", "FIT", "failures per 1e9 h over the service life",
       [](const Report& r) { return r.reliability.link_fit; });
  real("reliability.failure_probability", "", "1 - R(service life)",
       [](const Report& r) { return r.reliability.failure_probability; });
  real("reliability.afr", "", "annualized failure rate",
       [](const Report& r) { return r.reliability.afr; });
  return c;
}

}  // namespace

std::span<const PointColumn> point_columns() {
  static const std::vector<PointColumn> columns = make_columns();
  return columns;
}

int find_point_column(std::string_view name) {
  const auto cols = point_columns();
  for (std::size_t i = 0; i < cols.size(); ++i)
    if (cols[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace mosaic::sweep

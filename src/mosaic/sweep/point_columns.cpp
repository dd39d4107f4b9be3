#include "mosaic/sweep/point_columns.hpp"

#include <vector>

namespace mosaic::sweep {
namespace {

using Report = Evaluation;
using Value = std::optional<double>;

std::vector<PointColumn> make_columns() {
  std::vector<PointColumn> c;
  auto real = [&](std::string name, std::string unit, std::string doc, auto f) {
    c.push_back({std::move(name), std::move(unit), std::move(doc), false,
                 [f](const Report& r) -> Value { return f(r); }});
  };
  auto count = [&](std::string name, std::string doc, auto f) {
    c.push_back({std::move(name), "", std::move(doc), true,
                 [f](const Report& r) -> Value { return static_cast<double>(f(r)); }});
  };
  real("power.per_end_w", "W", "power of one link end",
       [](const Report& r) { return r.power.per_end_w; });
  real("power.per_link_w", "W", "power of both ends",
       [](const Report& r) { return r.power.per_link_w; });
  real("power.pj_per_bit", "pJ/bit", "per end, per payload bit",
       [](const Report& r) { return r.power.pj_per_bit; });
  real("link.optical_margin_db", "dB",
       "launch power that can be lost before the worst active channel reaches 2.4e-4 (NULL when "
       "not computed)",
       [](const Report& r) -> Value {
         if (!r.link().margin_computed) return std::nullopt;
         return r.link().optical_margin_db;
       });
  real("link.log10_worst_ber", "", "worst active channel",
       [](const Report& r) { return r.link().log10_worst_ber; });
  real("link.log10_median_ber", "", "median over active channels",
       [](const Report& r) { return r.link().log10_median_ber; });
  real("link.log10_mean_ber", "", "mean over active channels",
       [](const Report& r) { return r.link().log10_mean_ber; });
  count("link.over_threshold", "active channels above the KP4 pre-FEC BER 2.4e-4",
        [](const Report& r) { return r.link().over_threshold; });
  count("link.channels", "channels of the design",
        [](const Report& r) { return r.link().channels; });
  count("link.dead", "dead pixels", [](const Report& r) { return r.link().dead; });
  count("link.data", "data channels", [](const Report& r) { return r.link().data; });
  count("link.ecc", "ECC channels", [](const Report& r) { return r.link().ecc; });
  count("link.spare", "spare channels", [](const Report& r) { return r.link().spare; });
  count("link.active_short", "data + ECC channels wanted but not available",
        [](const Report& r) { return r.link().active_short; });
  count("link.capacity_ok", "1 when the data channels carry the host stream",
        [](const Report& r) { return r.link().capacity_ok ? 1 : 0; });
  count("link.meets_kp4",
        "1 when every active channel is at or below 2.4e-4, none is short and capacity holds",
        [](const Report& r) {
          return r.link().over_threshold == 0 && r.link().active_short == 0 && r.link().capacity_ok
                     ? 1
                     : 0;
        });
  real("link.line_rate_gbps", "Gb/s", "channel line rate",
       [](const Report& r) { return r.link().line_rate_gbps; });
  real("link.latency_ns", "ns", "fiber latency",
       [](const Report& r) { return r.link().latency_ns; });
  real("phy.ctle_peaking_db", "dB", "equalizer setting",
       [](const Report& r) { return r.phy.ctle_peaking_db; });
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

#include "mosaic/cluster/fleet_savings.hpp"

namespace mosaic::cluster {

FleetSavings fleet_savings(double cables, double baseline_w, double mosaic_w, double home_kwh) {
  constexpr double kHoursPerYear = 8760.0;
  FleetSavings f;
  f.cables_per_year = cables;
  f.baseline_w_per_end = baseline_w;
  f.mosaic_w_per_end = mosaic_w;
  f.home_kwh_per_year = home_kwh;
  f.saved_mw = cables * (baseline_w - mosaic_w) * 2.0 / 1e6;
  f.saved_gwh_per_year = f.saved_mw * kHoursPerYear / 1e3;
  f.homes = f.saved_mw * 1e3 * kHoursPerYear / home_kwh;
  return f;
}

}  // namespace mosaic::cluster

#pragma once

namespace mosaic::cluster {

// What replacing a technology with MOSAIC saves across a fleet: cables x (watts per end saved)
// x 2 ends, a power (MW), and how many homes draw that much over a year at the stated
// consumption per home.
struct FleetSavings {
  double cables_per_year = 0.0;
  double baseline_w_per_end = 0.0;
  double mosaic_w_per_end = 0.0;
  double saved_mw = 0.0;  // for each year's cables, once installed
  double saved_gwh_per_year = 0.0;
  double home_kwh_per_year = 0.0;
  double homes = 0.0;
};

FleetSavings fleet_savings(double cables_per_year, double baseline_w_per_end,
                           double mosaic_w_per_end, double home_kwh_per_year);

}  // namespace mosaic::cluster

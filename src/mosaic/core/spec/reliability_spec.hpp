#pragma once

namespace mosaic {

struct ReliabilitySpec {
  double channel_fit = 1.0;   // failures per 1e9 device-hours of one channel (LED + driver + TIA)
  double common_fit = 5.0;    // gearbox, controller, DC-DC, connector and fiber, in series
  double service_life_years = 5.0;
};

}  // namespace mosaic

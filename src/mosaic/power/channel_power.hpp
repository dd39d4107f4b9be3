#pragma once

#include <optional>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/phy/led_drive.hpp"

namespace mosaic::power {

// One powered channel's analog power under power.analog_model = drive (watts), from the design's
// own LED drive (phy::LedDrive: currents and forward voltages at 25 degC) and receiver
// (bandwidths, swing, supply). PHYSICS.md section 7; docs/power.md gives the laws and sources.
struct ChannelPower {
  double led_w = 0.0;     // mean I V of the microLED (its light and its heat)
  double driver_w = 0.0;  // the current source's drop (rail - V) I, plus the pre-driver per bit
  double tia_w = 0.0;     // input device: gm = 2 pi f_rx C_in at gm/Id
  double limiting_amp_w = 0.0;  // rx_gain_stages CML stages at the receiver bandwidth
  double ctle_w = 0.0;          // one CML stage at the CTLE's pole (0 without a CTLE)
  double fixed_w = 0.0;         // comparator, bias, clock share
  double led_rail_v = 0.0;      // the LED supply: highest forward voltage + driver headroom

  double transmitter_w() const { return led_w + driver_w; }
  double receiver_w() const { return tia_w + limiting_amp_w + ctle_w + fixed_w; }
  double total_w() const { return transmitter_w() + receiver_w(); }
};

// The drive model's law for one channel of `spec` driven by `drive`.
ChannelPower channel_power(const LinkSpec& spec, const phy::LedDrive& drive);
// The nominal drive of spec's LED model (phy::LedResponse::drive): the launch's, and for a linear
// model at least its bandwidth's.
phy::LedDrive nominal_drive(const LinkSpec& spec);

// The launch (led.launch_power_dbm) whose drive-model channel power is `channel_w`, the rest of
// `spec` as it is: what a per-channel analog budget pays for. Empty when even the smallest
// launch (-40 dBm) costs more (a linear LED's bandwidth alone can: its drive never falls below
// that bandwidth's current density).
std::optional<double> launch_paid_by(const LinkSpec& spec, double channel_w);

}  // namespace mosaic::power

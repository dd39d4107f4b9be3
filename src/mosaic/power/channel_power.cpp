#include "mosaic/power/channel_power.hpp"

#include <algorithm>
#include <numbers>

#include "mosaic/phy/led_response.hpp"
#include "mosaic/phy/receiver_input.hpp"

namespace mosaic::power {
namespace {

constexpr double kLowestLaunchDbm = -40.0;
constexpr double kHighestLaunchDbm = 20.0;  // led.launch_power_dbm's range

// Tail current of a resistively loaded differential pair (Razavi's CML stage): the load resistor
// sets the bandwidth with the load capacitance, R = 1 / (2 pi f C); the tail must swing the output
// by `swing` across it and give the pair the transconductance of its gain, gm = gain / R with
// gm = (gm/Id) I/2 per side.
double cml_tail_a(double f_hz, double load_f, double swing_v, double gain, double gm_over_id) {
  const double per_ohm = 2.0 * std::numbers::pi * f_hz * load_f;  // 1 / R
  return per_ohm * std::max(swing_v, 2.0 * gain / gm_over_id);
}

}  // namespace

ChannelPower channel_power(const LinkSpec& spec, const phy::LedDrive& drive) {
  const PowerSpec& p = spec.power;
  ChannelPower c;
  // Transmitter: the LED in series with its driver's current source on one rail; the rail must
  // hold the highest forward voltage plus the source's compliance, and the supply delivers the
  // mean current of equiprobable bits.
  c.led_rail_v = drive.high_v + p.led_driver_headroom_v;
  c.led_w = drive.electrical_w;
  c.driver_w = c.led_rail_v * drive.bias_a - drive.electrical_w +
               p.driver_overhead_pj_per_bit * 1e-12 * spec.channel.rate_gbps * 1e9;
  // Receiver: the TIA's input device charges the photodiode and input capacitance at the receiver
  // bandwidth (gm = 2 pi f C_in), then the limiting stages and the CTLE each a CML stage.
  const double f_rx = spec.rx.bandwidth_ghz * 1e9;
  const double c_stage = p.rx_stage_capacitance_ff * 1e-15;
  // The same input capacitance and sizing as the f^2 noise term (phy::receiver_input).
  c.tia_w = p.rx_supply_v * phy::receiver_input(spec).transconductance_s / p.rx_gm_over_id_per_v;
  c.limiting_amp_w =
      p.rx_supply_v * p.rx_gain_stages *
      cml_tail_a(f_rx, c_stage, p.rx_swing_v, p.rx_stage_gain, p.rx_gm_over_id_per_v);
  // The CTLE's gain at its poles is the peaking's flat top, about unity: its swing sets it.
  c.ctle_w = spec.rx.ctle ? p.rx_supply_v * cml_tail_a(spec.rx.ctle_pole_ghz * 1e9, c_stage,
                                                       p.rx_swing_v, 1.0, p.rx_gm_over_id_per_v)
                          : 0.0;
  c.fixed_w = p.rx_fixed_mw * 1e-3;
  return c;
}

phy::LedDrive nominal_drive(const LinkSpec& spec) {
  return phy::make_led_response(spec.led)->drive();
}

std::optional<double> launch_paid_by(const LinkSpec& spec, double channel_w) {
  LinkSpec s = spec;
  auto cost = [&](double dbm) {
    s.led.launch_power_dbm = dbm;
    return channel_power(s, nominal_drive(s)).total_w();
  };
  double lo = kLowestLaunchDbm, hi = kHighestLaunchDbm;
  if (cost(lo) > channel_w || cost(hi) < channel_w) return std::nullopt;
  // The cost grows with the launch (more current, more voltage): bisection to 1e-4 dB.
  while (hi - lo > 1e-4) {
    const double mid = 0.5 * (lo + hi);
    (cost(mid) < channel_w ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace mosaic::power

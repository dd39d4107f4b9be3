#pragma once

namespace mosaic {

enum class HostInterface { kPluggable, kCoPackaged };
// How the analog front end + microLED block is costed (power/channel_power.hpp): kPerBit, the
// published breakdown's law (static + energy per line bit, whatever the launch); kDrive, from the
// design's own LED drive (current, forward voltage) and receiver (bandwidth, swing, supply).
enum class AnalogPowerModel { kPerBit, kDrive };

// The package of one link end and what the comparison with other technologies needs to know about
// it beyond power.
struct ModuleSpec {
  bool operator==(const ModuleSpec&) const = default;

  HostInterface host_interface = HostInterface::kPluggable;
  double rated_reach_m = 50.0;     // longest cable the module is specified for (published: 50 m)
  double logic_latency_ns = 10.0;  // gearbox + ECC + remap pipeline, both ends, beyond the deskew
                                   // buffer and the fiber's time of flight
};

// Per-end power model (PHYSICS.md section 7). Every block has a scaling law; the defaults reproduce
// the published 800G breakdown (host 2.4 W pluggable / 0.2 W co-packaged, gearbox 0.4 W, analog +
// microLEDs 1.2 W, controller + power conversion 1.3 W) at 8 x 106.25 Gb/s and 410 active channels
// of 2.135 Gb/s.
struct PowerSpec {
  bool operator==(const PowerSpec&) const = default;

  // Host interface: per host lane at the reference lane rate, scaled by (rate /
  // reference)^exponent.
  double host_pluggable_w_per_lane = 0.3;     // module-side SerDes + retimed host channel
  double host_copackaged_w_per_lane = 0.025;  // short-reach die-to-die link
  double host_reference_lane_rate_gbps = 106.25;
  double host_lane_rate_exponent = 0.9;  // < 1: faster SerDes spend a little less per bit
  // Gearbox and fault protection: fixed logic + a part proportional to the aggregate host rate.
  double gearbox_fixed_w = 0.06;
  double gearbox_w_per_tbps = 0.4;
  // Analog front end + microLED, per powered channel.
  AnalogPowerModel analog_model = AnalogPowerModel::kDrive;
  // per_bit: static bias + energy per bit.
  double channel_static_mw = 1.0;   // LED bias, TIA and limiting-amplifier quiescent power
  double channel_pj_per_bit = 0.9;  // driver swing, TIA/CTLE and decision power per bit
  // drive, transmitter: a current source in series with the LED on a rail at the highest forward
  // voltage plus the source's headroom, and a pre-driver costing a fixed energy per line bit.
  double led_driver_headroom_v = 0.3;
  double driver_overhead_pj_per_bit = 0.09;
  // drive, receiver: every stage a resistively loaded differential pair (tail current
  // 2 pi f C_load max(swing, 2 gain / (gm/Id))), the TIA's input device sized by gm = 2 pi f C_in.
  double rx_supply_v = 1.0;
  double rx_gm_over_id_per_v = 12.0;      // moderate inversion
  double rx_stage_capacitance_ff = 30.0;  // load of one gain stage (next input + wiring)
  double rx_stage_gain = 2.0;             // voltage gain of one limiting-amplifier stage
  int rx_gain_stages = 4;                 // limiting-amplifier stages after the TIA
  double rx_swing_v = 0.4;                // differential swing of every stage's output
  double rx_fixed_mw = 0.1;               // comparator, bias and clock distribution share
  bool spares_powered = false;            // cold spares (default) draw nothing until swapped in
  // Controller (fixed) and DC-DC conversion of the gearbox, analog and controller load.
  double controller_w = 0.9;
  double dcdc_efficiency = 0.862;
  // The paper's laser/DSP reference module, per end at 8 x 106.25 Gb/s; the DSP and the optics
  // scale with the aggregate host rate, the controller does not. Host interface as above.
  double baseline_dsp_w_800g = 3.5;     // DSP / CDR
  double baseline_optics_w_800g = 4.7;  // drivers, TIAs and lasers
  double baseline_controller_w = 1.4;
};

}  // namespace mosaic

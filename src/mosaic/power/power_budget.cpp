#include "mosaic/power/power_budget.hpp"

#include <cmath>
#include <cstdio>

#include "mosaic/phy/receiver_input.hpp"

namespace mosaic::power {
namespace {

std::string format(const char* fmt, double a, double b = 0.0, double c = 0.0, double d = 0.0) {
  char buf[1024];
  std::snprintf(buf, sizeof buf, fmt, a, b, c, d);
  return buf;
}

// The analog front end + microLED block: the one place the analog model is chosen.
PowerBlock analog_block(const LinkSpec& spec, PowerBudget& b) {
  const auto& p = spec.power;
  switch (p.analog_model) {
    case AnalogPowerModel::kPerBit:
      break;
    case AnalogPowerModel::kDrive: {
      b.led_drive = nominal_drive(spec);
      b.channel = channel_power(spec, *b.led_drive);
      const ChannelPower& c = *b.channel;
      return {"analog_frontend", b.powered_channels * c.total_w(),
              format("drive: %g channels x (LED %.3g mW + driver %.3g mW + TIA %.3g mW",
                     b.powered_channels, c.led_w * 1e3, c.driver_w * 1e3, c.tia_w * 1e3) +
                  format(" + limiting amplifier %.3g mW + CTLE %.3g mW + fixed %.3g mW)",
                         c.limiting_amp_w * 1e3, c.ctle_w * 1e3, c.fixed_w * 1e3)};
    }
  }
  const double per_channel_mw = p.channel_static_mw + p.channel_pj_per_bit * spec.channel.rate_gbps;
  return {"analog_frontend", b.powered_channels * per_channel_mw * 1e-3,
          format("%g channels x (%g mW + %g pJ/bit x %g Gb/s)", b.powered_channels,
                 p.channel_static_mw, p.channel_pj_per_bit, spec.channel.rate_gbps)};
}

}  // namespace

double payload_rate_gbps(const LinkSpec& spec) {
  return spec.host_rate_gbps() * (514.0 / 544.0) * (256.0 / 257.0);
}

PowerBudget budget(const LinkSpec& spec) {
  const auto& p = spec.power;
  PowerBudget b;
  const double host_tbps = spec.host_rate_gbps() / 1000.0;

  const bool pluggable = spec.module.host_interface == HostInterface::kPluggable;
  const double per_lane_ref_w =
      pluggable ? p.host_pluggable_w_per_lane : p.host_copackaged_w_per_lane;
  const double lane_scale = std::pow(
      spec.link.host_lane_rate_gbps / p.host_reference_lane_rate_gbps, p.host_lane_rate_exponent);
  PowerBlock host{
      "host_interface", spec.link.host_lanes * per_lane_ref_w * lane_scale,
      std::string(pluggable ? "pluggable: " : "co-packaged: ") +
          format("%g lanes x %g W x (%g / %g Gb/s)^", spec.link.host_lanes, per_lane_ref_w,
                 spec.link.host_lane_rate_gbps, p.host_reference_lane_rate_gbps) +
          format("%g", p.host_lane_rate_exponent)};

  const double gearbox_w = p.gearbox_fixed_w + p.gearbox_w_per_tbps * host_tbps;
  PowerBlock gearbox{
      "gearbox", gearbox_w,
      format("%g W + %g W/(Tb/s) x %g Tb/s", p.gearbox_fixed_w, p.gearbox_w_per_tbps, host_tbps)};

  b.powered_channels = spec.array.data_channels + spec.array.ecc_channels +
                       (p.spares_powered ? spec.array.spare_channels : 0);
  PowerBlock analog = analog_block(spec, b);

  // The DC-DC converter feeds the link's own electronics; the host-interface figure is taken as
  // already including its regulation (that is how the published breakdown is drawn).
  const double load_w = gearbox_w + analog.w + p.controller_w;
  const double dcdc_loss_w = load_w * (1.0 / p.dcdc_efficiency - 1.0);
  PowerBlock controller{"controller_dcdc", p.controller_w + dcdc_loss_w,
                        format("%g W controller + DC-DC loss of %g W load at efficiency %g",
                               p.controller_w, load_w, p.dcdc_efficiency)};

  b.blocks = {host, gearbox, analog, controller};
  for (const auto& blk : b.blocks) b.per_end_w += blk.w;
  b.per_link_w = 2.0 * b.per_end_w;
  b.payload_rate_gbps = payload_rate_gbps(spec);
  b.pj_per_bit = b.per_end_w / b.payload_rate_gbps * 1e3;

  // The paper's laser/DSP module: DSP and optics scale with the host rate from their 800G values.
  const double rate_scale = spec.host_rate_gbps() / 850.0;
  auto& ref = b.reference;
  ref.blocks = {
      {"host_interface", host.w, host.scaling},
      {"dsp_cdr", p.baseline_dsp_w_800g * rate_scale,
       format("%g W x host rate / 850 Gb/s", p.baseline_dsp_w_800g)},
      {"optics", p.baseline_optics_w_800g * rate_scale,
       format("%g W x host rate / 850 Gb/s", p.baseline_optics_w_800g)},
      {"controller", p.baseline_controller_w, "fixed"},
  };
  for (const auto& blk : ref.blocks) ref.per_end_w += blk.w;
  b.saving_vs_reference_w = ref.per_end_w - b.per_end_w;
  b.saving_vs_reference = ref.per_end_w > 0.0 ? b.saving_vs_reference_w / ref.per_end_w : 0.0;

  b.assumptions = {
      "power: per end; a link has two ends and a passive imaging fiber",
      b.channel
          ? "power: blocks scale as host interface per lane x (lane rate/reference)^exponent, "
            "gearbox fixed + per Tb/s, analog per powered channel from its LED drive and "
            "receiver (power.analog_model = drive), controller fixed + DC-DC loss"
          : "power: blocks scale as host interface per lane x (lane rate/reference)^exponent, "
            "gearbox fixed + per Tb/s, analog per powered channel (static + pJ/bit x line "
            "rate, power.analog_model = per_bit: the launch is not costed), controller fixed "
            "+ DC-DC loss",
      p.spares_powered ? "power: spare channels are powered (hot spares)"
                       : "power: spare channels are unpowered until swapped in (cold spares)",
      "power: pJ/bit against the Ethernet payload rate (host lane rate x 514/544 x 256/257)",
      "power: laser/DSP reference = DSP/CDR + optics scaled with host rate from the paper's 800G "
      "figures, fixed controller, same host interface as the design",
  };
  if (b.channel) {
    const auto& d = *b.led_drive;
    b.assumptions.push_back(format(
        "power (drive): every powered channel draws the nominal LED drive at 25 degC (bias %.3g "
        "mA, "
        "%.3g mA modulation, %.3g V at the 1 level): the per-channel spread of optical power is "
        "taken as a spread of efficiency at the same drive",
        d.bias_a * 1e3, d.modulation_a * 1e3, d.high_v));
    b.assumptions.push_back(format(
        "power (drive): LED and current-source driver in series on a rail at the highest forward "
        "voltage + %g V headroom (%.3g V), mean current of equiprobable bits; pre-driver %g pJ/bit",
        p.led_driver_headroom_v, b.channel->led_rail_v, p.driver_overhead_pj_per_bit));
    b.assumptions.push_back(format(
        "power (drive): receiver stages are resistively loaded differential pairs, tail current "
        "2 pi f C_load max(swing, 2 gain / (gm/Id)) at %g V; the TIA's input device gm = 2 pi f "
        "C_in at gm/Id = %g /V",
        p.rx_supply_v, p.rx_gm_over_id_per_v));
    const LedSpec& led = spec.led;
    b.assumptions.push_back(
        format("power (drive): fitted microLED pixel (docs/power.md, chosen so that the presets' "
               "0 dBm launch costs the published 1.2 W analog block of the 800G end): %g um mesa, "
               "%g nm active region, A = %g /s, ",
               led.diameter_um, led.active_thickness_nm, led.a_per_s) +
        format("B = %g cm^3/s, C = %g cm^6/s, extraction %g; ", led.b_cm3_per_s, led.c_cm6_per_s,
               led.extraction_efficiency) +
        format("forward voltage n_id = %g, J_s = %g A/cm^2, series %g ohm cm^2; ",
               led.ideality_factor, led.saturation_current_density_a_per_cm2,
               led.series_resistance_ohm_cm2) +
        format("EQE %.3f at %.0f A/cm^2 (an optimistic pixel: 10-30 %% is typical of ~10 um blue "
               "microLEDs)",
               d.eqe, d.current_density_a_per_m2 * 1e-4));
    b.assumptions.push_back(
        format("power (drive): chosen receiver parameters (28-nm-class CMOS, not measured): "
               "C_in %.3g pF (the f^2 noise term's, phy::receiver_input), stage load %g fF, "
               "stage gain %g, ",
               phy::receiver_input(spec).capacitance_pf, p.rx_stage_capacitance_ff,
               p.rx_stage_gain) +
        format("%g limiting stages, swing %g V, fixed %g mW per channel", p.rx_gain_stages,
               p.rx_swing_v, p.rx_fixed_mw));
    if (d.bandwidth_limited)
      b.assumptions.push_back(format(
          "power (drive): led.f3db_ghz needs the rate equation's current density at the bias "
          "(%.3g mA): the LED emits %.3g dBm there, more than the launch the optical budget uses",
          d.bias_a * 1e3, 10.0 * std::log10(d.launch_w * 1e3)));
  }
  if (!b.channel)
    b.assumptions.push_back(format(
        "power (per_bit): the published breakdown's law, %g mW static + %g pJ/bit per powered "
        "channel, whatever the launch, drive or receiver bandwidth",
        p.channel_static_mw, p.channel_pj_per_bit));
  return b;
}

}  // namespace mosaic::power

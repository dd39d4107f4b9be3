#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/design/schema.hpp"

namespace mosaic {

void add_power_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  using M = ModuleSpec;
  using P = PowerSpec;
  out.push_back(choice("module.host_interface", &S::module, &M::host_interface,
                       "Pluggable module (electrical host interface) or co-packaged engine"));
  out.push_back(real("module.rated_reach_m", &S::module, &M::rated_reach_m, 0.0, 1e4, "m",
                     "Longest cable the module is specified for (used by `mosaic compare`)"));
  out.push_back(real("module.logic_latency_ns", &S::module, &M::logic_latency_ns, 0.0, 1e4, "ns",
                     "Gearbox + ECC + remap pipeline latency of both ends, beyond deskew and "
                     "time of flight"));

  out.push_back(real("power.host_pluggable_w_per_lane", &S::power, &P::host_pluggable_w_per_lane,
                     0.0, 100.0, "W",
                     "Pluggable host interface power per host lane at the "
                     "reference lane rate"));
  out.push_back(real("power.host_copackaged_w_per_lane", &S::power, &P::host_copackaged_w_per_lane,
                     0.0, 100.0, "W",
                     "Co-packaged host interface power per host lane at the "
                     "reference lane rate"));
  out.push_back(real("power.host_reference_lane_rate_gbps", &S::power,
                     &P::host_reference_lane_rate_gbps, 1.0, 1e4, "Gb/s",
                     "Host lane rate at which the per-lane host interface powers are quoted"));
  out.push_back(real("power.host_lane_rate_exponent", &S::power, &P::host_lane_rate_exponent, 0.0,
                     3.0, "", "Host lane power scales as (lane rate / reference)^exponent"));
  out.push_back(real("power.gearbox_fixed_w", &S::power, &P::gearbox_fixed_w, 0.0, 100.0, "W",
                     "Gearbox and fault-protection logic power independent of rate"));
  out.push_back(real("power.gearbox_w_per_tbps", &S::power, &P::gearbox_w_per_tbps, 0.0, 100.0,
                     "W/(Tb/s)", "Gearbox power per Tb/s of aggregate host rate"));
  out.push_back(choice("power.analog_model", &S::power, &P::analog_model,
                       "Analog front end + microLED power: per_bit (published law, whatever the "
                       "launch) or drive (the LED's drive current and forward voltage, TIA and "
                       "CTLE from bandwidth, swing and supply)"));
  out.push_back(real("power.channel_static_mw", &S::power, &P::channel_static_mw, 0.0, 1000.0, "mW",
                     "Static power of one powered channel (LED bias, TIA, limiting amp)"));
  out.push_back(real("power.channel_pj_per_bit", &S::power, &P::channel_pj_per_bit, 0.0, 1000.0,
                     "pJ/bit",
                     "Rate-proportional energy of one channel (driver, TIA, CTLE, "
                     "decision) per line bit"));
  out.push_back(real("power.led_driver_headroom_v", &S::power, &P::led_driver_headroom_v, 0.0, 10.0,
                     "V",
                     "drive model: the LED rail sits this far above the highest forward voltage "
                     "(the driver's current-source compliance)"));
  out.push_back(real("power.driver_overhead_pj_per_bit", &S::power, &P::driver_overhead_pj_per_bit,
                     0.0, 1000.0, "pJ/bit",
                     "drive model: pre-driver and bias energy per line bit"));
  out.push_back(real("power.rx_supply_v", &S::power, &P::rx_supply_v, 0.1, 10.0, "V",
                     "drive model: supply of the TIA, limiting amplifier and CTLE"));
  out.push_back(real("power.rx_gm_over_id_per_v", &S::power, &P::rx_gm_over_id_per_v, 1.0, 40.0,
                     "1/V",
                     "drive model: transconductance efficiency gm/Id of the receiver's devices"));
  out.push_back(real("power.rx_stage_capacitance_ff", &S::power, &P::rx_stage_capacitance_ff, 0.0,
                     1e5, "fF", "drive model: load capacitance of one receiver gain stage"));
  out.push_back(real("power.rx_stage_gain", &S::power, &P::rx_stage_gain, 1.0, 100.0, "",
                     "drive model: voltage gain of one limiting-amplifier stage"));
  out.push_back(integer("power.rx_gain_stages", &S::power, &P::rx_gain_stages, 0, 20, "",
                        "drive model: limiting-amplifier stages after the TIA"));
  out.push_back(real("power.rx_swing_v", &S::power, &P::rx_swing_v, 0.0, 5.0, "V",
                     "drive model: differential output swing of every receiver stage"));
  out.push_back(real("power.rx_fixed_mw", &S::power, &P::rx_fixed_mw, 0.0, 1000.0, "mW",
                     "drive model: comparator, bias and clock share of one channel"));
  out.push_back(boolean("power.spares_powered", &S::power, &P::spares_powered,
                        "Spare channels are kept powered (hot) instead of cold"));
  out.push_back(real("power.controller_w", &S::power, &P::controller_w, 0.0, 100.0, "W",
                     "Module controller (management, monitoring) power"));
  out.push_back(real("power.dcdc_efficiency", &S::power, &P::dcdc_efficiency, 0.05, 1.0, "",
                     "Efficiency of the DC-DC conversion feeding gearbox, analog and controller"));
  out.push_back(real("power.baseline_dsp_w_800g", &S::power, &P::baseline_dsp_w_800g, 0.0, 1000.0,
                     "W",
                     "Laser/DSP reference module: DSP/CDR power at 8 x 106.25 Gb/s "
                     "(scales with host rate)"));
  out.push_back(real("power.baseline_optics_w_800g", &S::power, &P::baseline_optics_w_800g, 0.0,
                     1000.0, "W",
                     "Laser/DSP reference module: drivers, TIAs and lasers at "
                     "8 x 106.25 Gb/s (scales with host rate)"));
  out.push_back(real("power.baseline_controller_w", &S::power, &P::baseline_controller_w, 0.0,
                     100.0, "W", "Laser/DSP reference module: controller power"));
}

}  // namespace mosaic

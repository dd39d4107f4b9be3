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
  out.push_back(real("power.channel_static_mw", &S::power, &P::channel_static_mw, 0.0, 1000.0, "mW",
                     "Static power of one powered channel (LED bias, TIA, limiting amp)"));
  out.push_back(real("power.channel_pj_per_bit", &S::power, &P::channel_pj_per_bit, 0.0, 1000.0,
                     "pJ/bit",
                     "Rate-proportional energy of one channel (driver, TIA, CTLE, "
                     "decision) per line bit"));
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

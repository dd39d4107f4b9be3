#include "mosaic/power/power_budget.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/design/presets.hpp"

namespace mosaic::power {
namespace {

double block_w(const PowerBudget& b, const std::string& name) {
  for (const auto& blk : b.blocks)
    if (blk.name == name) return blk.w;
  ADD_FAILURE() << "no block " << name;
  return 0.0;
}

LinkSpec with_host(HostInterface h, const char* preset_name = "800g") {
  LinkSpec s = preset(preset_name);
  s.module.host_interface = h;
  return s;
}

// Published 800G per-end figures (PHYSICS.md section 1), to the paper's rounding (+-5 %).
TEST(PowerBudget, Published800gPluggable) {
  const PowerBudget b = budget(with_host(HostInterface::kPluggable));
  EXPECT_NEAR(b.per_end_w, 5.3, 0.05 * 5.3);
  EXPECT_NEAR(block_w(b, "host_interface"), 2.4, 0.05 * 2.4);
  EXPECT_NEAR(block_w(b, "gearbox"), 0.4, 0.05 * 0.4);
  EXPECT_NEAR(block_w(b, "analog_frontend"), 1.2, 0.05 * 1.2);
  EXPECT_NEAR(block_w(b, "controller_dcdc"), 1.3, 0.05 * 1.3);
  EXPECT_NEAR(b.reference.per_end_w, 12.0, 1e-9);
  EXPECT_NEAR(b.saving_vs_reference, 0.56, 0.02);
  EXPECT_DOUBLE_EQ(b.per_link_w, 2.0 * b.per_end_w);
}

TEST(PowerBudget, Published800gCoPackaged) {
  const PowerBudget b = budget(with_host(HostInterface::kCoPackaged));
  EXPECT_NEAR(b.per_end_w, 3.1, 0.05 * 3.1);
  EXPECT_NEAR(block_w(b, "host_interface"), 0.2, 0.05 * 0.2);
  EXPECT_NEAR(b.reference.per_end_w, 9.8, 1e-9);
  EXPECT_NEAR(b.saving_vs_reference, 0.68, 0.02);  // "up to 68 %"
}

TEST(PowerBudget, PicojoulesPerBitAgainstPayload) {
  const PowerBudget b = budget(with_host(HostInterface::kPluggable));
  EXPECT_NEAR(b.payload_rate_gbps, 800.0, 1e-9);
  EXPECT_NEAR(b.pj_per_bit, b.per_end_w / 800.0 * 1e3, 1e-12);
}

TEST(PowerBudget, ScalesSensiblyWithRate) {
  for (auto h : {HostInterface::kPluggable, HostInterface::kCoPackaged}) {
    const PowerBudget p800 = budget(with_host(h, "800g"));
    const PowerBudget p1600 = budget(with_host(h, "1.6t"));
    const PowerBudget p3200 = budget(with_host(h, "3.2t"));
    EXPECT_NEAR(p1600.payload_rate_gbps, 1600.0, 1e-9);
    EXPECT_NEAR(p3200.payload_rate_gbps, 3200.0, 1e-9);
    // More rate costs more power; the 1.6T no more per bit than the 800G.
    EXPECT_GT(p1600.per_end_w, p800.per_end_w);
    EXPECT_GT(p3200.per_end_w, p1600.per_end_w);
    EXPECT_LT(p1600.pj_per_bit, p800.pj_per_bit * 1.05);
    // The 3.2T's faster LEDs cost their current density (drive model): its energy per bit may
    // rise, but not past what its doubled bandwidth costs the analog block.
    EXPECT_LT(p3200.pj_per_bit, p1600.pj_per_bit * 1.5);
    // The saving against the laser/DSP reference holds at every rate.
    EXPECT_GT(p1600.saving_vs_reference, 0.5);
    EXPECT_GT(p3200.saving_vs_reference, 0.5);
  }
}

TEST(PowerBudget, AnalogFollowsChannelsAndRate) {
  LinkSpec s = preset("800g");
  const double base = block_w(budget(s), "analog_frontend");
  s.power.spares_powered = true;
  const double hot = block_w(budget(s), "analog_frontend");
  EXPECT_NEAR(hot / base, 460.0 / 410.0, 1e-12);
  s = preset("800g");
  s.power.analog_model = AnalogPowerModel::kPerBit;
  s.power.channel_static_mw = 0.0;
  const double dyn = block_w(budget(s), "analog_frontend");
  s.channel.rate_gbps *= 2.0;
  EXPECT_NEAR(block_w(budget(s), "analog_frontend"), 2.0 * dyn, 1e-12);
}

TEST(PowerBudget, DcdcLossFollowsEfficiency) {
  LinkSpec s = preset("800g");
  s.power.dcdc_efficiency = 1.0;
  EXPECT_NEAR(block_w(budget(s), "controller_dcdc"), s.power.controller_w, 1e-12);
}

TEST(PowerBudget, EveryFigureFiniteWithAssumptions) {
  for (const auto& name : preset_names()) {
    const PowerBudget b = budget(preset(name));
    EXPECT_TRUE(std::isfinite(b.per_end_w)) << name;
    EXPECT_TRUE(std::isfinite(b.pj_per_bit)) << name;
    EXPECT_GT(b.per_end_w, 0.0) << name;
    EXPECT_FALSE(b.assumptions.empty());
    for (const auto& blk : b.blocks) EXPECT_FALSE(blk.scaling.empty()) << blk.name;
  }
}

}  // namespace
}  // namespace mosaic::power

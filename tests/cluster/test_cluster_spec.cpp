// The cluster description: presets, the schema-driven loader and the rules between keys.
#include <gtest/gtest.h>

#include "cluster_test_util.hpp"
#include "mosaic/core/cluster/cluster_presets.hpp"
#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

ClusterSpec load(const std::string& toml, const std::vector<std::string>& overrides = {}) {
  ClusterRequest r;
  r.toml_text = toml;
  r.overrides = overrides;
  return load_cluster(r);
}

std::string refused_key(const std::string& toml, const std::vector<std::string>& overrides = {}) {
  try {
    load(toml, overrides);
  } catch (const ConfigError& e) {
    return e.field();
  }
  return "(accepted)";
}

TEST(ClusterSpec, DefaultIsTheNvl72CopperPresetAndEveryPresetIsValid) {
  EXPECT_EQ(cluster_preset("nvl72-copper"), ClusterSpec{});
  for (const auto& p : cluster_presets()) {
    ClusterRequest r;
    r.preset = std::string(p.name);
    EXPECT_NO_THROW(load_cluster(r)) << p.name;
  }
  EXPECT_THROW(cluster_preset("nvl1"), ConfigError);
}

TEST(ClusterSpec, FileKeysThenOverrides) {
  const ClusterSpec s = load(
      "preset = \"nvl576-mosaic\"\n[floor]\nrack_pitch_m = 0.8\n[links]\n"
      "technologies = [\"dac\", \"mosaic\"]\nadjust = [\"dac:reach_m=3\"]\n"
      "[workload]\nmessage_bytes = [1e6, 2000000]\n",
      {"floor.rack_pitch_m=0.9"});
  EXPECT_EQ(s.scale_up.domain_gpus, 576);
  EXPECT_DOUBLE_EQ(s.floor.rack_pitch_m, 0.9);
  EXPECT_EQ(s.links.technologies, (std::vector<std::string>{"dac", "mosaic"}));
  ASSERT_EQ(s.links.adjust.size(), 1u);
  EXPECT_EQ(s.links.adjust[0].field, "reach_m");
  EXPECT_EQ(s.workload.message_bytes, (std::vector<double>{1e6, 2e6}));
}

TEST(ClusterSpec, EveryKeyRoundTripsThroughItsText) {
  const ClusterSpec s = cluster_preset("nvl576-mosaic");
  for (const auto& f : cluster_fields()) {
    ClusterSpec copy = ClusterSpec{};
    set_field(copy, f, f.get(s));
    EXPECT_EQ(f.get(copy), f.get(s)) << f.key;
  }
}

TEST(ClusterSpec, BadDescriptionsNameTheirKey) {
  EXPECT_EQ(refused_key("[floor]\nrack_pich_m = 1\n"), "floor.rack_pich_m");
  EXPECT_EQ(refused_key("", {"cluster.gpus=0"}), "cluster.gpus");
  EXPECT_EQ(refused_key("", {"cluster.gpus=100"}), "cluster.gpus");  // not whole domains
  // 144 GPUs on one switch tier need 36 trays: two racks of 9 hold 18.
  EXPECT_EQ(
      refused_key("", {"cluster.gpus=144", "scale_up.domain_gpus=144", "scale_up.switch_ports=36"}),
      "scale_up.domain_gpus");
  EXPECT_EQ(refused_key("", {"cluster.gpus=144", "scale_up.domain_gpus=48"}),
            "scale_up.domain_gpus");  // neither fills racks of 72 nor shares one
  EXPECT_EQ(refused_key("", {"rack.units=20"}), "rack.units");
  EXPECT_EQ(refused_key("", {"scale_up.tiers=2"}), "scale_up.spine_racks");
  EXPECT_EQ(refused_key("", {"scale_out.tiers=2", "scale_out.radix=8"}), "scale_out.radix");
  EXPECT_EQ(refused_key("", {"workload.job_gpus=100"}), "workload.job_gpus");
  EXPECT_EQ(refused_key("", {"links.technologies=dac,dac"}), "links.technologies");
  EXPECT_EQ(refused_key("", {"links.adjust=dac:price=3"}), "links.adjust");
  EXPECT_EQ(refused_key("", {"links.mosaic_set=fiber.lenght_m=3"}), "links.mosaic_set");
  EXPECT_EQ(refused_key("", {"links.mosaic_preset=900g"}), "links.mosaic_preset");
  EXPECT_EQ(refused_key("preset = \"nvl2\"\n"), "preset");
}

TEST(ClusterSpec, TheMisspeltKeyGetsTheNearestOne) {
  try {
    load("[rack]\ngpu = 72\n");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("rack.gpus"), std::string::npos) << e.what();
  }
}

TEST(ClusterSpec, CatalogNamesAreCheckedByTheStudy) {
  using namespace cluster::testing_util;
  try {
    run(cluster_of("nvl72-copper", {"links.technologies=dac,warp"}));
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "links.technologies");
    EXPECT_NE(std::string(e.what()).find("smf-dsp"), std::string::npos) << e.what();
  }
}

TEST(ClusterSpec, ACableNoTechnologyReachesIsRefusedByName) {
  using namespace cluster::testing_util;
  try {
    run(cluster_of("nvl576-mosaic", {"links.technologies=dac"}));
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "links.technologies");
    EXPECT_NE(e.value().find("scale-up tier 2"), std::string::npos) << e.what();
    EXPECT_NE(e.value().find(" m "), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace mosaic

#include <gtest/gtest.h>

#include <string>

#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

// Runs the loader and returns the ConfigError it throws (fails the test if none).
ConfigError error_of(const std::string& toml, const std::vector<std::string>& sets = {}) {
  try {
    load_spec_from_string(toml, sets);
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError for: " << toml;
  return ConfigError("", "", "");
}

TEST(SpecLoader, DefaultIsThePublished800gDesign) {
  const LinkSpec s = load_spec({});
  EXPECT_EQ(s.array.data_channels, 400);
  EXPECT_EQ(s.total_channels(), 460);
  EXPECT_NEAR(s.host_rate_gbps(), 850.0, 1e-9);
  // 400 channels must carry 850 Gb/s plus the marker overhead.
  EXPECT_GE(s.channel.rate_gbps * s.array.data_channels, 850.0);
  EXPECT_LT(s.channel.rate_gbps, 2.2);
}

TEST(SpecLoader, DefaultSpecIsThe800gPresetInOnePlace) {
  EXPECT_TRUE(LinkSpec{} == preset("800g"));
  EXPECT_TRUE(LinkSpec{} == preset(kDefaultPreset));
  // The default line rate is what its host stream needs, rounded as the synthesizer would.
  const LinkSpec s;
  EXPECT_DOUBLE_EQ(s.channel.rate_gbps, synthesizer_rate_gbps(required_line_rate_gbps(s)));
  // A changed key is a different design (the comparison sees every field).
  LinkSpec other;
  other.mc.max_bits *= 2;
  EXPECT_FALSE(other == preset("800g"));
  EXPECT_FALSE(preset("prototype") == preset("800g"));
}

TEST(SpecLoader, PresetRegistryNamesEveryPresetOnce) {
  EXPECT_EQ(presets().size(), preset_names().size());
  EXPECT_EQ(preset_choices(), "one of 800g, prototype, 1.6t, 3.2t");
  for (const auto& p : presets()) EXPECT_FALSE(p.summary.empty()) << p.name;
}

TEST(SpecLoader, PresetsLoadAndScale) {
  for (const auto& name : preset_names()) {
    const LinkSpec s = preset(name);
    EXPECT_NO_THROW(validate_design(s)) << name;
  }
  EXPECT_EQ(preset("prototype").total_channels(), 100);
  EXPECT_NEAR(preset("1.6t").host_rate_gbps(), 1700.0, 1e-9);
  EXPECT_NEAR(preset("3.2t").host_rate_gbps(), 3400.0, 1e-9);
}

TEST(SpecLoader, TomlTablesDottedKeysAndOverridesApplyInOrder) {
  const LinkSpec s = load_spec_from_string(
      "preset = \"prototype\"\nseed = 7\n[fiber]\nlength_m = 25\n[rx]\npower_dbm = -20.5\n",
      {"fiber.length_m=12", "rx.ctle=false"});
  EXPECT_EQ(s.array.data_channels, 100);
  EXPECT_EQ(s.seed, 7u);
  EXPECT_DOUBLE_EQ(s.fiber.length_m, 12.0);
  ASSERT_TRUE(s.rx.power_dbm.has_value());
  EXPECT_DOUBLE_EQ(*s.rx.power_dbm, -20.5);
  EXPECT_FALSE(s.rx.ctle);
  const LinkSpec cleared = load_spec_from_string("[rx]\npower_dbm = \"none\"\n");
  EXPECT_FALSE(cleared.rx.power_dbm.has_value());
}

TEST(SpecLoader, UnknownKeySuggestsTheNearestOne) {
  const ConfigError e = error_of("[fiber]\nlenght_m = 30\n");
  EXPECT_EQ(e.field(), "fiber.lenght_m");
  EXPECT_NE(std::string(e.what()).find("did you mean 'fiber.length_m'"), std::string::npos);
  const ConfigError leaf = error_of("", {"length_m=3"});
  EXPECT_NE(std::string(leaf.what()).find("fiber.length_m"), std::string::npos);
}

TEST(SpecLoader, WrongTypesAreRejectedWithTheAllowedRange) {
  EXPECT_EQ(error_of("[fiber]\nlength_m = \"thirty\"\n").field(), "fiber.length_m");
  EXPECT_EQ(error_of("[array]\nrows = 2.5\n").field(), "array.rows");
  EXPECT_EQ(error_of("[rx]\nctle = 1\n").field(), "rx.ctle");
  EXPECT_EQ(error_of("[led]\nmodel = \"quantum\"\n").allowed(), "one of linear, rate_equation");
  EXPECT_EQ(error_of("[fiber]\nlength_m = [1, 2]\n").field(), "fiber.length_m");
  EXPECT_EQ(error_of("", {"fiber.length_m=abc"}).field(), "fiber.length_m");
  EXPECT_EQ(error_of("", {"rx.ctle=maybe"}).field(), "rx.ctle");
  EXPECT_EQ(error_of("", {"fiber.crosstalk"}).field(), "overrides");
}

TEST(SpecLoader, OutOfRangeValuesNameFieldValueAndRange) {
  const ConfigError e = error_of("[fiber]\nlength_m = -3\n");
  EXPECT_EQ(e.field(), "fiber.length_m");
  EXPECT_EQ(e.value(), "-3");
  EXPECT_EQ(e.allowed(), "a number in [0, 1000] m");
  EXPECT_EQ(error_of("", {"channel.rate_gbps=0"}).field(), "channel.rate_gbps");
  EXPECT_EQ(error_of("", {"fiber.length_m=nan"}).field(), "fiber.length_m");
  EXPECT_EQ(error_of("", {"fiber.length_m=inf"}).field(), "fiber.length_m");
  EXPECT_EQ(error_of("", {"seed=-1"}).field(), "seed");
}

TEST(SpecLoader, CrossFieldRulesAreChecked) {
  EXPECT_EQ(error_of("[array]\nrows = 10\ncols = 10\n").field(), "array.rows");
  EXPECT_EQ(error_of("[array]\necc_channels = 5\n").field(), "array.ecc_channels");
}

// One UI rms of jitter at the channel's rate, not a fixed figure: 468 ps at the default
// 2.135 Gb/s, 125 ps at 8 Gb/s.
TEST(SpecLoader, JitterIsRefusedBeyondAUi) {
  const ConfigError e = error_of("", {"rx.jitter_rms_ps=469"});
  EXPECT_EQ(e.field(), "rx.jitter_rms_ps");
  EXPECT_EQ(e.value(), "469 ps");
  EXPECT_NE(e.allowed().find("468.3"), std::string::npos) << e.allowed();
  EXPECT_NO_THROW(load_spec_from_string("", {"rx.jitter_rms_ps=468"}));
  EXPECT_EQ(error_of("", {"channel.rate_gbps=8", "rx.jitter_rms_ps=125.5"}).field(),
            "rx.jitter_rms_ps");
  EXPECT_NO_THROW(load_spec_from_string("", {"channel.rate_gbps=8", "rx.jitter_rms_ps=125"}));
}

TEST(SpecLoader, SyntaxErrorsAndUnknownPresetsAreConfigErrors) {
  const ConfigError e = error_of("[fiber\nlength_m = 3\n");
  EXPECT_NE(e.value().find("line 1"), std::string::npos);
  EXPECT_EQ(error_of("preset = \"10t\"\n").field(), "preset");
  EXPECT_EQ(error_of("preset = 3\n").field(), "preset");
  SpecRequest missing;
  missing.toml_path = "/nonexistent/design.toml";
  EXPECT_THROW(load_spec(missing), ConfigError);
}

TEST(SpecSchema, EveryFieldRoundTripsItsDefaultAndHasDocs) {
  LinkSpec spec = preset("800g");
  for (const auto& f : link_spec_fields()) {
    EXPECT_FALSE(f.doc.empty()) << f.key;
    const FieldValue v = f.get(spec);
    EXPECT_NO_THROW(set_field(spec, f, v)) << f.key;
    EXPECT_EQ(format_value(f.get(spec)), format_value(v)) << f.key;
  }
}

}  // namespace
}  // namespace mosaic

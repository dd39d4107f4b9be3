// Hostile input, one case per line: every command must answer with exit code 0 or 2 (never a
// signal, never 1 for user input), a single line on stderr naming what was wrong, within 30 s and
// 2 GB. Classes: crash, hang, unbounded memory, bad input accepted, wrong exit code, message
// format (see docs/hardening.md).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "hostile_case.hpp"

namespace mosaic::hostile {
namespace {

std::string phy_report(const std::string& channels) {
  return "{\"schema_version\": 1, \"channels\": " + channels + "}";
}

const char* kFastSim[] = {"simulate", "--preset", "prototype", "--no-margin"};
std::vector<std::string> fast_sim(std::vector<std::string> more) {
  std::vector<std::string> a(std::begin(kFastSim), std::end(kFastSim));
  a.insert(a.end(), more.begin(), more.end());
  return a;
}
std::vector<std::string> relay(std::vector<std::string> more) {
  std::vector<std::string> a = {"relay", "--gbits", "0.001"};
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

std::vector<HostileCase> cases() {
  std::vector<HostileCase> c;
  // --- design files: special files, sizes, nesting ----------------------------------------
  c.push_back({"DesignDirectory", {"simulate", "{dir}"}, 2, "regular file"});
  c.push_back(
      {"DesignFifo", {"simulate", "{dir}/fifo"}, 2, "regular file", [](const std::string& d) {
         ::mkfifo((d + "/fifo").c_str(), 0600);
       }});
  c.push_back({"DesignDevZero", {"simulate", "/dev/zero"}, 2, "regular file"});
  c.push_back({"DesignDevUrandom", {"simulate", "/dev/urandom"}, 2, "regular file"});
  c.push_back({"DesignDevNull", {"simulate", "/dev/null"}, 2, "regular file"});
  c.push_back({"DesignMissing", {"simulate", "{dir}/missing.toml"}, 2, "missing.toml"});
  c.push_back({"DesignEmptyPath", {"simulate", ""}, 2, "design file"});
  c.push_back(
      {"DesignOversized", {"simulate", "{dir}/big.toml"}, 2, "at most", [](const std::string& d) {
         write_file(d + "/big.toml", "");  // sparse: 17 MiB of nothing, written at once
         ASSERT_EQ(::truncate((d + "/big.toml").c_str(), 17 << 20), 0);
       }});
  c.push_back({"DesignDeepDottedKey",
               {"simulate", "{dir}/deep.toml"},
               2,
               "line 1",
               file("deep.toml", repeat("a", 30000, ".") + " = 1\n")});
  c.push_back({"DesignDottedKey100Parts",
               {"simulate", "{dir}/deep.toml"},
               2,
               "known design key",
               file("deep.toml", repeat("a", 100, ".") + " = 1\n")});
  c.push_back(
      {"DesignDeepTableHeader",
       {"simulate", "{dir}/deep.toml"},
       2,
       "line 1",
       file("deep.toml", std::string("[").append(repeat("x", 5000, ".")).append("]\ny = 1\n"))});
  c.push_back(
      {"DesignDeepInlineTables",
       {"simulate", "{dir}/deep.toml"},
       2,
       "",
       file("deep.toml", "a = " + repeat("{b=", 3000, "") + "1" + std::string(3000, '}') + "\n")});
  c.push_back(
      {"DesignDeepArrays",
       {"simulate", "{dir}/deep.toml"},
       2,
       "",
       file("deep.toml", "a = " + std::string(20000, '[') + std::string(20000, ']') + "\n")});
  c.push_back({"DesignBinaryGarbage",
               {"simulate", "{dir}/g.toml"},
               2,
               "valid TOML",
               file("g.toml", std::string("\x7f\x45\x4c\x46\x02\x01\x01\x00\xff\xfe", 10))});
  c.push_back({"DesignNulByte",
               {"simulate", "{dir}/n.toml"},
               2,
               "",
               file("n.toml", std::string("seed = 1\0\n", 10))});
  c.push_back({"DesignBadUtf8",
               {"simulate", "{dir}/u.toml"},
               2,
               "",
               file("u.toml", "preset = \"\xc3\x28\"\n")});
  c.push_back({"DesignArrayValue",
               {"simulate", "{dir}/a.toml"},
               2,
               "fiber.length_m",
               file("a.toml", "[fiber]\nlength_m = [1, 2]\n")});
  c.push_back({"DesignDateValue",
               {"simulate", "{dir}/a.toml"},
               2,
               "fiber.length_m",
               file("a.toml", "[fiber]\nlength_m = 1979-05-27\n")});
  c.push_back({"DesignArrayOfTables",
               {"simulate", "{dir}/a.toml"},
               2,
               "fiber",
               file("a.toml", "[[fiber]]\nlength_m = 1\n")});
  c.push_back({"DesignNanLength",
               {"simulate", "{dir}/a.toml"},
               2,
               "fiber.length_m",
               file("a.toml", "[fiber]\nlength_m = nan\n")});
  c.push_back({"DesignInfLength",
               {"simulate", "{dir}/a.toml"},
               2,
               "fiber.length_m",
               file("a.toml", "[fiber]\nlength_m = inf\n")});
  c.push_back({"DesignHugeInteger",
               {"simulate", "{dir}/a.toml"},
               2,
               "",
               file("a.toml", "seed = 99999999999999999999999\n")});
  c.push_back({"DesignNegativeSeed",
               {"simulate", "{dir}/a.toml"},
               2,
               "seed",
               file("a.toml", "seed = -1\n")});
  c.push_back({"DesignSeedAbove2p53",
               {"simulate", "{dir}/a.toml"},
               2,
               "seed",
               file("a.toml", "seed = 9007199254740992\n")});
  c.push_back({"DesignPresetNumber",
               {"simulate", "{dir}/a.toml"},
               2,
               "preset",
               file("a.toml", "preset = 5\n")});
  c.push_back({"DesignPresetUnknown",
               {"simulate", "{dir}/a.toml"},
               2,
               "preset",
               file("a.toml", "preset = \"10t\"\n")});
  c.push_back({"DesignDuplicateKey",
               {"simulate", "{dir}/a.toml"},
               2,
               "",
               file("a.toml", "seed = 1\nseed = 2\n")});
  c.push_back({"DesignKeyWithNewline",
               {"simulate", "{dir}/a.toml"},
               2,
               "known design key",
               file("a.toml", "\"bad\\nkey\\rname\" = 1\n")});
  c.push_back({"DesignChoiceWithNewlines",
               {"simulate", "{dir}/a.toml"},
               2,
               "rx.noise",
               file("a.toml", "[rx]\nnoise = \"\"\"loud\nand\nclear\"\"\"\n")});
  c.push_back({"DesignLongUnknownKey",
               {"simulate", "{dir}/a.toml"},
               2,
               "known design key",
               file("a.toml", std::string(200000, 'k') + " = 1\n")});
  c.push_back({"DesignUnterminatedString",
               {"simulate", "{dir}/a.toml"},
               2,
               "valid TOML",
               file("a.toml", "preset = \"800g\n")});
  c.push_back({"DesignRowsTooSmall",
               {"simulate", "{dir}/a.toml"},
               2,
               "array.rows",
               file("a.toml", "[array]\nrows = 2\ncols = 2\n")});
  c.push_back({"DesignBoolAsInteger",
               {"simulate", "{dir}/a.toml"},
               2,
               "fiber.crosstalk",
               file("a.toml", "[fiber]\ncrosstalk = 1\n")});
  c.push_back({"DesignValidPrototype",
               {"simulate", "--no-margin", "{dir}/a.toml"},
               0,
               "",
               file("a.toml", "preset = \"prototype\"\nseed = 7\n")});

  // --- --set ----------------------------------------------------------------------------------
  c.push_back({"SetValueWithNewlines", fast_sim({"--set", "rx.noise=a\nb\nc"}), 2, "rx.noise"});
  c.push_back({"SetKeyWithNewline", fast_sim({"--set", "rx.\nnoise=thermal"}), 2, "\\n"});
  c.push_back({"SetBoolAsOne", fast_sim({"--set", "fiber.crosstalk=1"}), 2, "fiber.crosstalk"});
  c.push_back({"SetBoolAsOn", fast_sim({"--set", "fiber.crosstalk=on"}), 2, "fiber.crosstalk"});
  c.push_back({"SetNan", fast_sim({"--set", "fiber.length_m=nan"}), 2, "fiber.length_m"});
  c.push_back({"SetInf", fast_sim({"--set", "fiber.length_m=inf"}), 2, "fiber.length_m"});
  c.push_back({"SetOverflow", fast_sim({"--set", "fiber.length_m=1e999"}), 2, "fiber.length_m"});
  c.push_back({"SetEmptyValue", fast_sim({"--set", "fiber.length_m="}), 2, "fiber.length_m"});
  c.push_back({"SetNoEquals", fast_sim({"--set", "fiber.length_m"}), 2, "'overrides'"});
  c.push_back({"SetOnlyEquals", fast_sim({"--set", "="}), 2, "'overrides'"});
  c.push_back({"SetHexInteger", fast_sim({"--set", "array.rows=0x10"}), 2, "array.rows"});
  c.push_back({"SetFractionalInteger", fast_sim({"--set", "array.rows=10.5"}), 2, "array.rows"});
  c.push_back({"SetNegativeSeed", fast_sim({"--set", "seed=-1"}), 2, "seed"});
  c.push_back(
      {"SetHugeKey", fast_sim({"--set", std::string(100000, 'q') + "=1"}), 2, "known design key"});
  c.push_back({"SetControlCharacters", fast_sim({"--set", "rx.noise=\x01\x1b[31m"}), 2, "\\x01"});
  c.push_back({"SetUnknownChoice", fast_sim({"--set", "mc.mode=fast"}), 2, "mc.mode"});
  c.push_back({"SetIntegerOverflow", fast_sim({"--set", "array.rows=99999999999999999999"}), 2,
               "array.rows"});
  c.push_back({"SetPixelsOverMemoryBudget",
               fast_sim({"--set", "array.rows=1000", "--set", "array.cols=1000"}), 2,
               "MOSAIC_MEMORY_BUDGET_MB"});

  // --- --seed ---------------------------------------------------------------------------------
  c.push_back({"SeedNegative", fast_sim({"--seed", "-1"}), 2, "--seed"});
  c.push_back({"SeedTwoTo64", fast_sim({"--seed", "18446744073709551616"}), 2, "--seed"});
  c.push_back({"SeedTwoTo53", fast_sim({"--seed", "9007199254740992"}), 2, "--seed"});
  c.push_back({"SeedText", fast_sim({"--seed", "abc"}), 2, "--seed"});
  c.push_back({"SeedFraction", fast_sim({"--seed", "1.5"}), 2, "--seed"});
  c.push_back({"SeedEmpty", fast_sim({"--seed", ""}), 2, "--seed"});
  c.push_back(
      {"SeedLargestAllowed", {"fleet", "--links", "10", "--seed", "9007199254740991"}, 0, ""});

  // --- relay flags ----------------------------------------------------------------------------
  c.push_back({"RelayGbitsNan", {"relay", "--gbits", "nan"}, 2, "\'gbits'"});
  c.push_back({"RelayGbitsInf", {"relay", "--gbits", "inf"}, 2, "\'gbits'"});
  c.push_back({"RelayGbitsNegative", {"relay", "--gbits", "-1"}, 2, "\'gbits'"});
  c.push_back({"RelayGbitsZero", {"relay", "--gbits", "0"}, 2, "\'gbits'"});
  c.push_back({"RelayGbitsTooMany", {"relay", "--gbits", "1e7"}, 2, "\'gbits'"});
  c.push_back({"RelayGbitsText", {"relay", "--gbits", "lots"}, 2, "\'gbits'"});
  c.push_back({"RelayBerNan", {"relay", "--ber", "nan"}, 2, "\'ber'"});
  c.push_back({"RelayBerAboveHalf", {"relay", "--ber", "0.9"}, 2, "\'ber'"});
  c.push_back({"RelayBerNegative", {"relay", "--ber", "-1e-9"}, 2, "\'ber'"});
  c.push_back({"RelayMarkerPeriodHuge", relay({"--set", "link.marker_period_bits=16777216"}), 2,
               "MOSAIC_MEMORY_BUDGET_MB"});
  c.push_back({"RelayMarkerPeriodOverSmallBudget",
               relay({"--set", "link.marker_period_bits=65536"}),
               2,
               "link.marker_period_bits",
               nullptr,
               {"MOSAIC_MEMORY_BUDGET_MB=1"}});
  c.push_back({"RelayBudgetNotANumber",
               relay({}),
               2,
               "MOSAIC_MEMORY_BUDGET_MB",
               nullptr,
               {"MOSAIC_MEMORY_BUDGET_MB=lots"}});
  c.push_back({"RelayMarkerPeriodNotMultipleOf64", relay({"--set", "link.marker_period_bits=1000"}),
               2, "link.marker_period_bits"});
  c.push_back({"RelayFailAfterRun", relay({"--failures", "17@1000"}), 2, "'failures'"});
  c.push_back({"RelayFailNegativeTime", relay({"--failures", "17@-1"}), 2, "'failures'"});
  c.push_back({"RelayFailNanTime", relay({"--failures", "17@nan"}), 2, "'failures'"});
  c.push_back({"RelayFailTrailingGarbage", relay({"--failures", "17abc@0.1zz"}), 2, "'failures'"});
  c.push_back({"RelayFailNoAt", relay({"--failures", "17"}), 2, "'failures'"});
  c.push_back({"RelayFailEmptyParts", relay({"--failures", "@"}), 2, "'failures'"});
  c.push_back({"RelayFailChannelOutOfRange", relay({"--failures", "99999@0"}), 2, "'failures'"});
  c.push_back({"RelayFailNegativeChannel", relay({"--failures", "-1@0"}), 2, "'failures'"});
  c.push_back({"RelayFailTinyTimeUnderflow", relay({"--failures", "1@1e-400"}), 2, "'failures'"});
  c.push_back({"RelayFailRandomTooMany", relay({"--fail-random", "5000"}), 2, "\'fail_random'"});
  c.push_back({"RelayFailInsideRun", relay({"--failures", "3@0"}), 0, ""});
  c.push_back({"RelaySmall", relay({}), 0, ""});
  c.push_back({"RelayPhyAndBer", relay({"--ber", "1e-9", "--phy", "x.json"}), 2,
               "one source of per-channel BERs"});

  // --- relay --phy ----------------------------------------------------------------------------
  auto phy = [&](std::string name, std::string text, std::string mention) {
    c.push_back({"Phy" + name, relay({"--phy", "{dir}/r.json"}), 2, mention, file("r.json", text)});
  };
  phy("NotJson", "not json", "valid JSON");
  phy("Empty", "", "valid JSON");
  phy("TopLevelArray", "[1, 2]", "(top level)");
  phy("NoChannels", "{\"x\": 1}", "channels");
  phy("ChannelsNotArray", phy_report("{\"index\": 0}"), "channels");
  phy("EntryNotObject", phy_report("[1]"), "channels[0]");
  phy("IndexMissing", phy_report("[{\"ber\": 0.1}]"), "channels[0].index");
  phy("IndexString", phy_report("[{\"index\": \"0\", \"ber\": 0.1}]"), "channels[0].index");
  phy("IndexFraction", phy_report("[{\"index\": 1.5, \"ber\": 0.1}]"), "channels[0].index");
  phy("IndexNegative", phy_report("[{\"index\": -1, \"ber\": 0.1}]"), "channels[0].index");
  phy("IndexHuge", phy_report("[{\"index\": 18446744073709551615, \"ber\": 0.1}]"),
      "channels[0].index");
  phy("IndexTwice", phy_report("[{\"index\": 2, \"ber\": 0.1}, {\"index\": 2, \"ber\": 0.2}]"),
      "channels[1].index");
  phy("BerMissing", phy_report("[{\"index\": 0}]"), "channels[0].ber");
  phy("BerString", phy_report("[{\"index\": 0, \"ber\": \"low\"}]"), "channels[0].ber");
  phy("BerNull", phy_report("[{\"index\": 0, \"ber\": null}]"), "channels[0].ber");
  phy("BerAboveHalf", phy_report("[{\"index\": 0, \"ber\": 0.9}]"), "channels[0].ber");
  phy("BerNegative", phy_report("[{\"index\": 0, \"ber\": -0.1}]"), "channels[0].ber");
  phy("BerOverflow", phy_report("[{\"index\": 0, \"ber\": 1e999}]"), "valid JSON");
  phy("RoleNumber", phy_report("[{\"index\": 0, \"ber\": 0.1, \"role\": 3}]"), "channels[0].role");
  phy("DeepNesting", std::string(100000, '[') + std::string(100000, ']'), "'phy ");
  phy("Truncated", phy_report("[{\"index\": 0, \"ber\": 0."), "valid JSON");
  c.push_back({"PhyDirectory", relay({"--phy", "{dir}"}), 2, "regular file"});
  c.push_back({"PhyFifo", relay({"--phy", "{dir}/fifo"}), 2, "regular file",
               [](const std::string& d) { ::mkfifo((d + "/fifo").c_str(), 0600); }});
  c.push_back({"PhyDevZero", relay({"--phy", "/dev/zero"}), 2, "regular file"});
  c.push_back({"PhyMissing", relay({"--phy", "{dir}/none.json"}), 2, "none.json"});
  c.push_back({"PhyValid", relay({"--phy", "{dir}/r.json"}), 0, "",
               file("r.json", phy_report("[{\"index\": 0, \"ber\": 1e-9, \"role\": \"data\"},"
                                         "{\"index\": 1, \"ber\": 0},"
                                         "{\"index\": 99999, \"ber\": 0.5}]"))});
  // BERs far below what a run can show (a real `simulate --json` reaches 1e-280).
  c.push_back({"PhyTinyBers",
               relay({"--phy", "{dir}/r.json"}),
               0,
               "",
               file("r.json", phy_report("[{\"index\": 0, \"ber\": 1e-19},"
                                         "{\"index\": 1, \"ber\": 1e-300},"
                                         "{\"index\": 2, \"ber\": 5e-324}]")),
               {}});
  // An unmodified report as the reader meets it (the 800g report, whose BERs reach 1e-280, takes
  // too long to make here; PhyTinyBers holds such BERs).
  c.push_back(
      {"PhyRealSimulateReport", relay({"--phy", "{dir}/r.json"}), 0, "", [](const std::string& d) {
         CliRequest make;
         make.args = fast_sim({"--json"});
         make.stdout_path = d + "/r.json";
         ASSERT_EQ(run_cli(make).exit_code, 0);
       }});
  c.push_back({"RelayBerTiny", relay({"--ber", "1e-19"}), 0, "", nullptr, {}});

  // --- simulate flags -------------------------------------------------------------------------
  c.push_back(
      {"ChannelsHugeRange", fast_sim({"--mc-channels", "0-2000000000"}), 2, "\'mc_channels\'"});
  c.push_back({"ChannelsNegative", fast_sim({"--mc-channels", "-5"}), 2, "\'mc_channels\'"});
  c.push_back({"ChannelsReversed", fast_sim({"--mc-channels", "5-3"}), 2, "\'mc_channels\'"});
  c.push_back({"ChannelsText", fast_sim({"--mc-channels", "a"}), 2, "\'mc_channels\'"});
  c.push_back({"ChannelsEmptyItem", fast_sim({"--mc-channels", "1,,2"}), 2, "\'mc_channels\'"});
  c.push_back({"ChannelsBeyondArray", fast_sim({"--mc-channels", "100000"}), 2, "\'mc_channels\'"});
  c.push_back({"ChannelsRepeatedRanges", fast_sim({"--mc-channels", repeat("0-20", 5000, ",")}), 2,
               "\'mc_channels\'"});
  c.push_back({"OutEmpty", fast_sim({"--out", ""}), 2, "\'out'"});
  c.push_back({"OutIsAFile", fast_sim({"--out", "{dir}/f"}), 2, "\'out'", file("f", "x")});
  c.push_back({"OutUnderDevNull", fast_sim({"--out", "/dev/null/x"}), 2, "\'out'"});
  c.push_back({"ThreadsTooMany", fast_sim({"--threads", "5000"}), 2, "threads"});
  c.push_back({"BitsNan", fast_sim({"--set", "mc.max_bits=nan"}), 2, "mc.max_bits"});
  c.push_back({"BitsHuge", fast_sim({"--set", "mc.max_bits=1e30"}), 2, "mc.max_bits"});
  c.push_back(
      {"TargetErrorsNegative", fast_sim({"--set", "mc.target_errors=-1"}), 2, "mc.target_errors"});
  c.push_back({"EyeBeyondArray", fast_sim({"--eye-channels", "99999"}), 2, "'eye_channels'"});
  c.push_back({"EyeNegative", fast_sim({"--eye-channels", "-1"}), 2, "'eye_channels'"});
  c.push_back({"MethodUnknown", fast_sim({"--method", "magic"}), 2, "\'method'"});

  // --- fleet and compare ----------------------------------------------------------------------
  c.push_back({"FleetLinksZero", {"fleet", "--links", "0"}, 2, "\'links'"});
  c.push_back({"FleetLinksHuge", {"fleet", "--links", "1e12"}, 2, "\'links'"});
  c.push_back({"FleetTalliesOverMemoryBudget",
               {"fleet", "--links", "1000000000", "--years", "1000"},
               2,
               "MOSAIC_MEMORY_BUDGET_MB"});
  c.push_back({"FleetYearsNan", {"fleet", "--years", "nan"}, 2, "\'years'"});
  c.push_back({"FleetConfidenceNan", {"fleet", "--confidence", "nan"}, 2, "confidence"});
  c.push_back({"FleetConfidenceOne", {"fleet", "--confidence", "1"}, 2, "\'confidence'"});
  c.push_back({"CompareCatalogDevZero", {"compare", "--catalog", "/dev/zero"}, 2, "\'catalog'"});
  c.push_back({"CompareCatalogDirectory", {"compare", "--catalog", "{dir}"}, 2, "\'catalog'"});
  c.push_back({"CompareCatalogFifo",
               {"compare", "--catalog", "{dir}/fifo"},
               2,
               "\'catalog'",
               [](const std::string& d) { ::mkfifo((d + "/fifo").c_str(), 0600); }});
  c.push_back({"CompareCatalogMissing", {"compare", "--catalog", "{dir}/no.toml"}, 2, "no.toml"});
  c.push_back({"CompareCatalogBadToml",
               {"compare", "--catalog", "{dir}/c.toml"},
               2,
               "c.toml",
               file("c.toml", "[[baseline]\n")});
  c.push_back({"CompareReachNan", {"compare", "--reach-m", "nan"}, 2, "\'reach_m'"});

  // --- the command line itself ----------------------------------------------------------------
  c.push_back({"NoCommand", {}, 2, ""});
  c.push_back({"UnknownCommand", {"frobnicate"}, 2, ""});
  c.push_back({"UnknownFlag", {"simulate", "--frobnicate"}, 2, "--frobnicate"});
  c.push_back({"FlagMissingValue", {"simulate", "--seed"}, 2, "--seed"});
  c.push_back({"ArgumentWithNewline", {"simulate", "--preset", "800g\nrm -rf"}, 2, "\\n"});
  c.push_back({"KeysListing", {"keys"}, 0, ""});
  return c;
}

class Hostile : public testing::TestWithParam<HostileCase> {};

TEST_P(Hostile, AnswersWithinLimits) {
  run_hostile_case(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Cases, Hostile, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<HostileCase>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace mosaic::hostile

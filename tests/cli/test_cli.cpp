// The command line as a user meets it: exit codes, one-line errors, determinism of --json.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "common/cli_run.hpp"

namespace {

using mosaic::test::CliRun;

CliRun run(const std::string& args) {
  return mosaic::test::run_cli(args);
}

TEST(Cli, VersionAndHelp) {
  const CliRun v = run("--version");
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_NE(v.out.find("mosaic 0."), std::string::npos);
  const CliRun h = run("simulate --help");
  EXPECT_EQ(h.exit_code, 0);
  EXPECT_NE(h.out.find("--set"), std::string::npos);
}

TEST(Cli, BadInputIsOneLineOnStderrAndExitCode2) {
  struct Case {
    std::string args;
    std::string must_mention;
  };
  // The process id: other test programs running beside this one write files of this name too.
  const std::string bad_toml =
      testing::TempDir() + "mosaic_cli_" + std::to_string(getpid()) + "_bad.toml";
  std::ofstream(bad_toml) << "[fiber]\nlength_m = 30\n[fiber\n";
  for (const Case& c :
       {Case{"simulate --set fiber.lenght_m=3", "did you mean 'fiber.length_m'"},
        Case{"simulate --set fiber.length_m=-1", "[0, 1000] m"},
        Case{"simulate --set rx.noise=loud", "one of none, thermal, thermal_shot"},
        Case{"simulate --preset 10t", "preset"},
        Case{"simulate /nonexistent.toml", "/nonexistent.toml"},
        Case{"simulate " + bad_toml, "line 3"}, Case{"simulate --set array.rows=2", "array.rows"},
        Case{"simulate --threads -1", "threads"}, Case{"frobnicate", ""}}) {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args;
    EXPECT_NE(r.err.find(c.must_mention), std::string::npos) << c.args << " -> " << r.err;
    EXPECT_TRUE(r.out.empty()) << c.args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.args << " -> " << r.err;
  }
}

TEST(Cli, JsonIsByteIdenticalForOneAndTwoThreadsOutsideTiming) {
  const std::string base = "simulate --preset prototype --set fiber.length_m=25 --json";
  CliRun one = run(base + " --threads 1");
  CliRun two = run(base + " --threads 2");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  auto a = nlohmann::json::parse(one.out);
  auto b = nlohmann::json::parse(two.out);
  a.erase("timing");
  b.erase("timing");
  EXPECT_EQ(a.dump(1), b.dump(1));
  for (const char* key : {"schema_version", "mosaic_version", "command", "seed", "spec", "channels",
                          "link", "assumptions"})
    EXPECT_TRUE(a.contains(key)) << key;
  const auto& ch = a["channels"][0];
  for (const char* key : {"index", "row", "col", "role", "ber", "q", "eye_height", "eye_width_ui"})
    EXPECT_TRUE(ch.contains(key)) << key;
  EXPECT_EQ(a["spec"]["fiber"]["length_m"], 25.0);
}

TEST(Cli, DegradationAddsTheAgeingSection) {
  const CliRun r = run("simulate --preset prototype --no-margin --degradation --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.contains("degradation"));
  const int steps = j["spec"]["reliability"]["degradation_steps"].get<int>();
  // One evaluation at age 0 and one per step, until the link runs out of good spares.
  const auto& d = j["degradation"];
  EXPECT_GE(d["steps"].size(), 2u);
  if (d["failed"].get<bool>()) {
    EXPECT_LE(d["steps"].size(), static_cast<std::size_t>(steps + 1));
  } else {
    EXPECT_EQ(d["steps"].size(), static_cast<std::size_t>(steps + 1));
  }
  EXPECT_TRUE(j["degradation"].contains("spares_used"));
  EXPECT_TRUE(j["degradation"].contains("worst_log10_ber"));
}

TEST(Cli, OutWritesReportAndCsv) {
  const std::string dir = testing::TempDir() + "mosaic_out";
  const CliRun r = run("simulate --preset prototype --no-margin --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("BER"), std::string::npos);
  std::ifstream json(dir + "/report.json");
  EXPECT_TRUE(json.good());
  std::ifstream csv(dir + "/channels.csv");
  std::string header;
  std::getline(csv, header);
  EXPECT_EQ(header.rfind("index,row,col,role,ber", 0), 0u);
  int rows = 0;
  for (std::string line; std::getline(csv, line);) ++rows;
  EXPECT_EQ(rows, 100);
}

TEST(Cli, RelayFromAReportEqualsRelayFromTheDesignsOwnPhysics) {
  // At its rated 50 m the default design's weakest channels sit near 1e-5: errors are drawn.
  const std::string design = "--set fiber.length_m=50 --seed 3";
  const std::string report = testing::TempDir() + "mosaic_phy_report.json";
  const CliRun sim = run("simulate " + design + " --no-margin --json > " + report);
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  const std::string relay = "relay " + design + " --gbits 0.05 --fail-random 2 --json";
  const CliRun from_file = run(relay + " --phy " + report);
  const CliRun from_design = run(relay + " --physics");
  ASSERT_EQ(from_file.exit_code, 0) << from_file.err;
  ASSERT_EQ(from_design.exit_code, 0) << from_design.err;
  auto a = nlohmann::json::parse(from_file.out);
  auto b = nlohmann::json::parse(from_design.out);
  for (auto* j : {&a, &b}) {
    j->erase("command");
    j->erase("wall_s");
  }
  EXPECT_GT(a["ecc_corrected_bits"].get<long long>() +
                a["fec_codewords_corrected"].get<long long>() +
                static_cast<long long>(a["mapped_out"].size()),
            0);
  EXPECT_EQ(a.dump(1), b.dump(1));
}

TEST(Cli, EveryJsonDocumentDescribesItself) {
  for (const std::string args :
       {"relay --gbits 0.001 --json", "fleet --links 1000 --years 1 --json", "compare --json",
        "simulate --preset prototype --no-margin --json"}) {
    const CliRun r = run(args);
    ASSERT_EQ(r.exit_code, 0) << args << ": " << r.err;
    const auto j = nlohmann::json::parse(r.out);
    for (const char* key : {"schema_version", "mosaic_version", "command", "seed", "spec"})
      EXPECT_TRUE(j.contains(key)) << args << ": " << key;
    EXPECT_EQ(j["command"].get<std::string>(), "mosaic " + args);
  }
}

}  // namespace

// Outputs are replaced whole or not at all: a full disk, an unwritable stdout or a SIGTERM in the
// middle of writing leaves the previous results untouched and no temporary behind, with a non-zero
// exit. Also: figures that are infinite are written as documented words, never null or "inf".
#include <gtest/gtest.h>
#include <sys/mount.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_process.hpp"

namespace mosaic::hostile {
namespace {

const std::vector<std::string> kSimulateOut = {"simulate", "--preset", "prototype", "--no-margin",
                                               "--out"};

// A --out directory holding a previous run's files, recognisable byte for byte.
std::string previous_results(const std::string& name) {
  const std::string dir = fresh_dir(name);
  write_file(dir + "/report.json", "{\"previous\": true}\n");
  write_file(dir + "/channels.csv", "previous,results\n");
  return dir;
}

void expect_previous_results_intact(const std::string& dir) {
  EXPECT_EQ(read_file(dir + "/report.json"), "{\"previous\": true}\n");
  EXPECT_EQ(read_file(dir + "/channels.csv"), "previous,results\n");
  for (const auto& e : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos)
        << "temporary left behind: " << e.path();
}

std::vector<std::string> with(std::vector<std::string> a, const std::string& last) {
  a.push_back(last);
  return a;
}

TEST(OutputIntegrity, StdoutToDevFullExitsOneWithOneLine) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"keys"},
        std::vector<std::string>{"simulate", "--preset", "prototype", "--no-margin", "--json"},
        std::vector<std::string>{"fleet", "--links", "10"}}) {
    CliRequest request;
    request.args = args;
    request.stdout_path = "/dev/full";
    const CliOutcome r = run_cli(request);
    EXPECT_EQ(r.signal, 0) << args[0];
    EXPECT_EQ(r.exit_code, 1) << args[0] << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("standard output"), std::string::npos) << r.err;
  }
}

TEST(OutputIntegrity, FullDiskKeepsPreviousOutDirectory) {
  // RLIMIT_FSIZE makes every write past 4 kB fail with EFBIG, as a full disk fails with ENOSPC,
  // without needing privileges to mount a small file system.
  const std::string dir = previous_results("fsize");
  CliRequest request;
  request.args = with(kSimulateOut, dir);
  request.limits.file_size_bytes = 4096;
  const CliOutcome r = run_cli(request);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("unchanged"), std::string::npos) << r.err;
  expect_previous_results_intact(dir);
}

TEST(OutputIntegrity, FullTmpfsKeepsPreviousOutDirectory) {
  // A real full file system where the test may mount one (root with CAP_SYS_ADMIN).
  const std::string dir = fresh_dir("tmpfs");
  if (::mount("tmpfs", dir.c_str(), "tmpfs", 0, "size=64k") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here (needs privileges); FullDisk covers the case";
  write_file(dir + "/report.json", "{\"previous\": true}\n");
  write_file(dir + "/channels.csv", "previous,results\n");
  // Fill what is left so the new report cannot fit.
  write_file(dir + "/filler", std::string(60 * 1024, 'x'));
  CliRequest request;
  request.args = with(kSimulateOut, dir);
  const CliOutcome r = run_cli(request);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  std::filesystem::remove(dir + "/filler");
  expect_previous_results_intact(dir);
  ::umount(dir.c_str());
}

TEST(OutputIntegrity, SigtermDuringWriteKeepsPreviousOutDirectory) {
  const std::string dir = previous_results("sigterm");
  CliRequest request;
  request.args = with(kSimulateOut, dir);
  // The debug delay holds the complete temporaries before the rename; the signal lands there.
  request.env = {"MOSAIC_DEBUG_COMMIT_DELAY_MS=5000"};
  request.sigterm_after_s = 0.0;
  request.sigterm_when_file_in_dir = dir;
  const CliOutcome r = run_cli(request);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.signal, SIGTERM) << "exit " << r.exit_code << ": " << r.err;
  expect_previous_results_intact(dir);
}

TEST(OutputIntegrity, SigtermDuringComputationKeepsPreviousOutDirectory) {
  const std::string dir = previous_results("sigterm_early");
  CliRequest request;
  request.args = with(kSimulateOut, dir);
  request.sigterm_after_s = 0.05;
  const CliOutcome r = run_cli(request);
  EXPECT_NE(r.exit_code, 0);
  expect_previous_results_intact(dir);
}

TEST(OutputIntegrity, OutDirectoryIsReplacedWhole) {
  const std::string dir = previous_results("replace");
  CliRequest request;
  request.args = with(kSimulateOut, dir);
  const CliOutcome r = run_cli(request);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto report = nlohmann::json::parse(read_file(dir + "/report.json"));
  EXPECT_TRUE(report.contains("channels"));
  EXPECT_NE(read_file(dir + "/channels.csv"), "previous,results\n");
  for (const auto& e : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos);
}

TEST(OutputIntegrity, LongRunStopsPromptlyOnSigterm) {
  // 40000 pixels take minutes: long work is allowed, but it must stop when asked.
  const std::string dir = previous_results("long_run");
  CliRequest request;
  request.args = {"simulate", "--preset",       "prototype", "--set", "array.rows=200",
                  "--set",    "array.cols=200", "--out",     dir};
  request.sigterm_after_s = 1.0;
  const CliOutcome r = run_cli(request);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.signal, SIGTERM);
  EXPECT_LT(r.wall_s, 5.0);
  expect_previous_results_intact(dir);
}

// --- infinite figures ------------------------------------------------------------------------

TEST(InfiniteFigures, CertainFailureIsCertainNotNull) {
  CliRequest request;
  request.args = {"fleet", "--links",
                  "100",   "--json",
                  "--set", "reliability.channel_fit=1e6",
                  "--set", "reliability.common_fit=1e7"};
  const CliOutcome r = run_cli(request);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& closed = j["closed_form"];
  ASSERT_FALSE(closed["link_fit"].is_null());
  if (!closed["link_fit"].is_number()) {
    EXPECT_EQ(closed["link_fit"], "certain");
  }
  EXPECT_EQ(r.out.find("null"), std::string::npos) << "no null anywhere in the fleet report";

  request.args = {"fleet",
                  "--links",
                  "100",
                  "--set",
                  "reliability.channel_fit=1e6",
                  "--set",
                  "reliability.common_fit=1e7"};
  const CliOutcome text = run_cli(request);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.find("inf"), std::string::npos) << text.out;
}

TEST(InfiniteFigures, PartsThatNeverFailSayNever) {
  CliRequest request;
  request.args = {"fleet", "--links",
                  "100",   "--json",
                  "--set", "reliability.channel_fit=0",
                  "--set", "reliability.common_fit=0",
                  "--set", "reliability.passive_fit=0"};
  const CliOutcome r = run_cli(request);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mtbf_h"], "never");
  EXPECT_EQ(j["closed_form"]["mttf_h"], "never");
  EXPECT_EQ(j["per_year"][0]["mtbf_h"], "never");
  EXPECT_EQ(r.out.find("null"), std::string::npos);

  request.args = {"simulate",
                  "--preset",
                  "prototype",
                  "--no-margin",
                  "--json",
                  "--set",
                  "reliability.channel_fit=0",
                  "--set",
                  "reliability.common_fit=0",
                  "--set",
                  "reliability.passive_fit=0"};
  const CliOutcome sim = run_cli(request);
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  const auto s = nlohmann::json::parse(sim.out);
  EXPECT_EQ(s["reliability"]["mttf_h"], "never");
}

TEST(InfiniteFigures, NoNullWhereAFigureIsCertainOrUndefined) {
  // The design certainly fails: its own row's FIT ratio is "undefined" (inf / inf), not null.
  CliRequest request;
  request.args = {"compare",
                  "--preset",
                  "prototype",
                  "--set",
                  "reliability.channel_fit=1e6",
                  "--set",
                  "reliability.common_fit=1e7",
                  "--json"};
  const CliOutcome cmp = run_cli(request);
  ASSERT_EQ(cmp.exit_code, 0) << cmp.err;
  EXPECT_EQ(cmp.out.find("null"), std::string::npos);
  const nlohmann::json compared = nlohmann::json::parse(cmp.out);  // outlives the loop
  for (const auto& row : compared["rows"]) {
    if (row["is_design"]) {
      EXPECT_EQ(row["fit_ratio"], "undefined");
    }
  }
  // Wear-out: the constant-rate Markov chain cannot describe it, and says so.
  request.args = {"fleet", "--links", "100", "--set", "reliability.weibull_scale_years=10",
                  "--json"};
  const CliOutcome fleet = run_cli(request);
  ASSERT_EQ(fleet.exit_code, 0) << fleet.err;
  EXPECT_EQ(fleet.out.find("null"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(fleet.out)["closed_form"]["markov"], "undefined");
}

}  // namespace
}  // namespace mosaic::hostile
